/** Where an errand order is shown live: the worksite's hall rooms, and the event that adds an order's card there. */
import type { LiveEvent } from "../shared/ports"
import type { PlaceFacts } from "./errand-parties"
import { NO_FACTS, orderViewFor } from "./order-view"
import type { ErrandOrderRecord } from "./errand-store"
import { ErrandType, HALL_ADD, HALL_ADD_PICKUP, hallEventName } from "./status-machine"

/**
 * The hall room an order is shown in: the worksite's hall (a door pickup's: the worksite's door-pickup hall), or
 * only its sex room when the order is limited to one sex; `bySex` false for events every hall must hear (taken, cancelled).
 */
export const hallRoom = (order: Pick<ErrandOrderRecord, "worksiteId" | "sexLimit" | "type">, bySex = true): LiveEvent["room"] => ({
  hall: order.worksiteId,
  ...(order.type === ErrandType.pickupFromDoor ? { pickup: true as const } : {}),
  ...(bySex && (order.sexLimit === 1 || order.sexLimit === 2) ? { sex: order.sexLimit } : {})
})

/** `{worksiteId}-paotuiOrderAdd` (type 2: `-paotuiPickupOrderAdd`) with the order as the hall sees it (no requester), to its hall room. */
export const hallAddEvent = (order: ErrandOrderRecord, facts: PlaceFacts = NO_FACTS): LiveEvent => ({
  room: hallRoom(order),
  name: hallEventName(order.worksiteId, order.type === ErrandType.pickupFromDoor ? HALL_ADD_PICKUP : HALL_ADD),
  payload: orderViewFor(order, "hall", facts, undefined)
})
