/** The article authorization code for allowlisted users, valid 10 minutes (`GET /auth/wxarticle/getPermissionCode`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

const decodeCode = dataDecoder(Schema.Union([Schema.String, Schema.Number]))

export const fetchArticleCode = async () => String(await request("/auth/wxarticle/getPermissionCode", decodeCode))

export const useArticleCode = () => useAction(fetchArticleCode)

/** Who sees the entry: the spec's allowlist, configured at build time. */
export const ARTICLE_CODE_OPENIDS: ReadonlySet<string> = new Set(
  (import.meta.env.VITE_ARTICLE_CODE_OPENIDS ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "")
)
