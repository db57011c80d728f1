/** A parcel store for unit tests where every method a test does not give fails loudly when called. */
import { Effect } from "effect"
import { actor } from "../shared/ports.testkit"
import type { Employee } from "../staff/employee"
import type { Worksite } from "../staff/worksite"
import { ParcelStatus } from "./parcel-status"
import { ParcelStore, type ParcelRecord } from "./parcel-store"

type Store = typeof ParcelStore.Service

/** The store with these methods; any other one dies with its name, so a test never passes on a method it did not expect. */
export const parcelStoreWith = (methods: Partial<Store>): Store =>
  new Proxy(methods, {
    get: (given, name) => (given as Record<string | symbol, unknown>)[name] ?? (() => Effect.die(`ParcelStore.${String(name)} is not used here`))
  }) as Store

/** The worksite, employee and staff actor the parcel use-case tests run as. */
export const worksite: Worksite = {
  id: "w1", siteCode: "GZ01", shortName: "北门", schoolCampus: "北校区", nameZH: "北门驿站", smsAble: true,
  serviceBegin: "08:00", serviceEnd: "20:00", servicePhone: "020-1234", expressCompanies: ["sf", "yt"],
  safekeeping: { freeHours: 48, feePerDayFen: 50, capFen: 300 }, smsCredit: 0
}
export const staff: Employee = { id: "e1", phone: "13800138000", nameZH: "张伟", openid: "staff-o", passwordHash: "h", worksite }
export const clerk = actor({ userId: "su", openid: "staff-o", role: "staff" })

/** A parcel of 李明 on shelf A-03 of that worksite, awaiting pickup, checked in at `createdAt`. */
export const parcelRecord = (createdAt: Date, over: Partial<ParcelRecord> = {}): ParcelRecord => ({
  id: "p1", worksiteId: "w1", expressCompanyId: "sf", expressCompanyName: "顺丰", expressNo: "SF100", storageNo: "A-03", tag: 7,
  weightId: "light", receiver: "李明", receiverId: "u1", receiverOpenid: "o1", receiverPhone: "13900139000",
  status: ParcelStatus.awaitingPickup, agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0,
  createdAt, checkedInBy: "e1", ...over
})
