/** The device's position for the nearby list: asked once; refused, unavailable or slow means 'failed'. */
import { useEffect, useState } from "react"
import type { Position } from "../api/worksites-by-location"

export type PositionState =
  | { readonly status: "locating" }
  | { readonly status: "located"; readonly at: Position }
  | { readonly status: "failed" }

const TIMEOUT_MS = 8000

export const usePosition = (): PositionState => {
  const [state, setState] = useState<PositionState>(() => ("geolocation" in navigator ? { status: "locating" } : { status: "failed" }))
  useEffect(() => {
    if (!("geolocation" in navigator)) return
    let live = true
    navigator.geolocation.getCurrentPosition(
      (p) => { if (live) setState({ status: "located", at: { lon: p.coords.longitude, lat: p.coords.latitude } }) },
      () => { if (live) setState({ status: "failed" }) },
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: 60_000 }
    )
    return () => { live = false }
  }, [])
  return state
}
