/** `station staff site-admin <phone> on|off`: a back-office employee becomes their worksite's site admin (sees its statistics), or stops being one. */
import { setSiteAdmin } from "#src/statistics/use-cases"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"

export const siteAdmin = async (phone: string, state: string, options: Options) => {
  if (state !== "on" && state !== "off") throw new UsageError(`site-admin takes on or off, not ${state}`)
  return withRuntime(async (runtime) => {
    const r = valueOf(await runtime.run(setSiteAdmin(phone, state === "on")))
    const who = `${r.employee.nameZH} (${r.employee.phone}, ${r.employee.worksite.shortName})`
    const now = r.siteAdmin ? "a site admin" : "not a site admin"
    render(options, { employeeId: r.employee.id, phone: r.employee.phone, worksiteId: r.employee.worksite.id, siteAdmin: r.siteAdmin, changed: r.changed, bound: r.bound }, () =>
      [
        r.changed ? `${who} is now ${now}.` : `${who} was already ${now}; nothing changed.`,
        ...(r.siteAdmin && !r.bound ? ["The account is not bound to a messaging-app user yet: it sees statistics once bound."] : [])
      ].join("\n"))
  })
}
