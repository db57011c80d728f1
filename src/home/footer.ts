/** The static pages' footer (spec 002 §2 tips pages): copyright from 2017 to the current Asia/Shanghai year, and the brand. */
import { shanghaiDate } from "../shared/time"

export const FIRST_YEAR = 2017

/** The campus express brand label: the bottom link of every static page. */
export const BRAND = "校园快递驿站"

/** The Asia/Shanghai calendar year of an instant (31 Dec 16:00 UTC is already the next year there). */
export const shanghaiYear = (at: Date): number => Number(shanghaiDate(at).slice(0, 4))

/** `© 2017–2026`: never before the first year, whatever a wrong clock says. */
export const copyright = (now: Date): string => `© ${FIRST_YEAR}–${Math.max(FIRST_YEAR, shanghaiYear(now))}`
