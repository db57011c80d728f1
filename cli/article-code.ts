/** `station article-code check <code>`: whose article authorisation code this is and until when (exit 1 when none is good). */
import { shanghaiDateTime } from "#src/shared/time"
import { checkArticleCode } from "#src/home/article-code"
import { withRuntime } from "./database"
import { render, valueOf, type Options } from "./outcome"


export const checkCode = async (code: string, options: Options) =>
  withRuntime(async (runtime) => {
    const found = valueOf(await runtime.read(checkArticleCode(code.trim())))
    render(options, found, () => `Good: the code of ${found.openid}, until ${shanghaiDateTime(found.expiresAt)}.`)
  })
