/**
 * Every way a parcel to collect changes status, as one table: an event, the statuses it may happen in
 * and the status it leads to. Use cases ask `nextStatus` and move the parcel with a conditional change
 * (only if it is still in the status they read), so no other transition can happen.
 */
import { ParcelStatus } from "./parcel-status"

const { awaitingPickup, friendPicking, awaitingErrandPayment, awaitingRunner, runnerTookTask, goodsCollected, delivered, signed, awaitingReturn, returned } =
  ParcelStatus

export const parcelTransitions = {
  /** The receiver chooses a friend to pick the parcel up (proxy pickup). */
  chooseAgent: { from: [awaitingPickup], to: friendPicking },
  /** The friend refuses. */
  refuseAgent: { from: [friendPicking], to: awaitingPickup },
  /** The receiver takes the request back. */
  cancelAgent: { from: [friendPicking], to: awaitingPickup },
  /** Staff hand the parcel to its receiver, also once it is due for return but still on the shelf. */
  takeByReceiver: { from: [awaitingPickup, friendPicking, awaitingReturn], to: signed },
  /** Staff hand the parcel to the friend chosen for it. */
  takeByAgent: { from: [friendPicking], to: signed },
  /** The receiver signs for it themselves, where the worksite allows. */
  selfSign: { from: [awaitingPickup, friendPicking], to: signed },
  /** The receiver orders door delivery; the errand fee is still to pay. */
  orderErrand: { from: [awaitingPickup], to: awaitingErrandPayment },
  /** The errand fee is paid (or was zero): the order waits in the hall. */
  payErrand: { from: [awaitingErrandPayment], to: awaitingRunner },
  /** The errand is cancelled or voided before anyone took the parcel: back on the shelf for the receiver. */
  voidErrand: { from: [awaitingErrandPayment, awaitingRunner, runnerTookTask], to: awaitingPickup },
  /** A runner grabs the order. */
  grabErrand: { from: [awaitingRunner], to: runnerTookTask },
  /** The runner gives the order up: it goes back to the hall. */
  releaseErrand: { from: [runnerTookTask], to: awaitingRunner },
  /** The runner gives the order up while holding the parcel: it goes back on the station's shelf for the receiver. */
  backToShelf: { from: [goodsCollected], to: awaitingPickup },
  /** Staff hand the parcel to the runner. */
  takeByRunner: { from: [runnerTookTask], to: goodsCollected },
  /** The runner delivers it. */
  deliver: { from: [goodsCollected], to: delivered },
  /** The receiver confirms the delivery. */
  signDelivered: { from: [delivered], to: signed },
  /** Uncollected too long (DESIGN §6: 3 days at 0 or 1): to be returned to the courier. */
  markDue: { from: [awaitingPickup, friendPicking], to: awaitingReturn },
  /** The return scan at the station: handed back to the courier. */
  returnToCourier: { from: [awaitingReturn], to: returned }
} as const satisfies Record<string, { readonly from: ReadonlyArray<ParcelStatus>; readonly to: ParcelStatus }>

export type ParcelEvent = keyof typeof parcelTransitions

export const parcelEvents = Object.keys(parcelTransitions) as ReadonlyArray<ParcelEvent>

/** The status the event leads to from this one, or undefined when it cannot happen there. */
export const nextStatus = (status: ParcelStatus, event: ParcelEvent): ParcelStatus | undefined => {
  const t = parcelTransitions[event]
  return (t.from as ReadonlyArray<ParcelStatus>).includes(status) ? t.to : undefined
}

/** Whether the event may happen in this status: what a parcel's page offers (the use case checks again). */
export const allows = (event: ParcelEvent, status: number): boolean => (parcelTransitions[event].from as ReadonlyArray<number>).includes(status)

/** The statuses in which the event may happen. */
export const statusesFor = (event: ParcelEvent): ReadonlyArray<ParcelStatus> => parcelTransitions[event].from
