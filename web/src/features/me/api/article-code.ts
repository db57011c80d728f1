/**
 * The article authorization code for allowlisted users, valid 10 minutes (`GET /auth/wxarticle/getPermissionCode`).
 * Who sees the entry is the server's setting (`ARTICLE_CODE_OPENIDS`), asked with `GET /api/common/articleCodeAble`.
 */
import { ArticleCode, ArticleCodeAble } from "#src/home/calls"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"
import { useLoad } from "../../../lib/use-load"

export const fetchArticleCode = () => send(ArticleCode, "/auth/wxarticle/getPermissionCode")

export const useArticleCode = () => useAction(fetchArticleCode)

const fetchArticleCodeAble = () => send(ArticleCodeAble, "/api/common/articleCodeAble")

/** False until the server answers, and when the call fails (the entry is then not shown). */
export const useArticleCodeAble = (token: string | undefined) => useLoad(token ? fetchArticleCodeAble : undefined, [token]).data === true
