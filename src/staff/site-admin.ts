/**
 * Who sees the operations statistics (issue 20): the head office (role `admin`) every worksite, a site admin (a
 * bound employee with `site_admin`) their own worksite, nobody else. The account page offers 运营报表 by it.
 */
import type { Role } from "../shared/actor"

export const seesStatistics = (role: Role, siteAdmin: boolean): boolean => role === "admin" || siteAdmin
