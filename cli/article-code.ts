/** `station article-code check <code>`: whose article authorisation code this is and until when (exit 1 when none is good). */
import { checkArticleCode } from "#src/home/article-code"
import { withRuntime } from "./database"
import { render, valueOf, type Options } from "./outcome"

const beijing = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false
})

export const checkCode = async (code: string, options: Options) =>
  withRuntime(async (runtime) => {
    const found = valueOf(await runtime.read(checkArticleCode(code.trim())))
    render(options, found, () => `Good: the code of ${found.openid}, until ${beijing.format(found.expiresAt)} (Beijing).`)
  })
