/** A send order awaiting freight at worksite "w", sent by "s", and the actors and freight the status-machine tests use. */
import { SendStatus, type SendAction, type SendActor, type SendOrder } from "./status-machine"

export const order = (over: Partial<SendOrder> = {}): SendOrder => ({
  id: "o1", status: SendStatus.awaitingFreight, senderId: "s", worksiteId: "w", companyId: null, doorPickup: false,
  runnerId: null, freight: null, freightWeight: null, freightPaid: false, isDaofu: false, expressNo: null, ...over
})
export const sender: SendActor = { role: "sender", userId: "s" }
export const staff: SendActor = { role: "staff", worksiteId: "w" }
export const freight: SendAction = { type: "setFreight", companyId: "sf", freight: 1200, freightWeight: 1500 }
