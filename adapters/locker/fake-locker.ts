/**
 * The local stand-in for the cabinet vendor's service: it knows its cabinets and their doors, records
 * every door it opened, and fails like the real one (unknown cabinet or door, a cabinet offline, a
 * door that would not open).
 */
import { Effect } from "effect"
import { Locker, type DoorOutcome, type DoorRequest } from "#src/locker/locker"

export interface Opening extends DoorRequest {
  readonly at: Date
}

export class FakeLocker {
  readonly openings: Opening[] = []
  private readonly offline = new Set<string>()
  private readonly jammed = new Set<string>()

  /** Cabinets are named `<site>-<n>`, doors `A01`…`Z99` (what a cabinet's door panel prints). */
  knows(request: DoorRequest): boolean {
    return /^[A-Za-z0-9_-]{1,40}$/.test(request.device) && /^[A-Z]\d{2}$/.test(request.door)
  }

  /** Makes a cabinet unreachable (or reachable again). */
  setOffline(device: string, offline = true): void {
    if (offline) this.offline.add(device)
    else this.offline.delete(device)
  }

  /** Makes one door fail to open (or work again). */
  jam(device: string, door: string, jammed = true): void {
    if (jammed) this.jammed.add(`${device}/${door}`)
    else this.jammed.delete(`${device}/${door}`)
  }

  open(request: DoorRequest): DoorOutcome {
    if (!this.knows(request)) return { opened: false, reason: "unknown cabinet or door" }
    if (this.offline.has(request.device)) return { opened: false, reason: "cabinet offline" }
    if (this.jammed.has(`${request.device}/${request.door}`)) return { opened: false, reason: "door did not open" }
    this.openings.push({ ...request, at: new Date() })
    return { opened: true }
  }

  port() {
    return Locker.of({ open: (request) => Effect.sync(() => this.open(request)) })
  }
}
