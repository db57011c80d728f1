/** Adds an address (`POST /api/address/wxadd`): the first one becomes the default. */
import { messageDecoder, newIdempotencyKey, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export interface NewAddressBody {
  readonly name: string
  readonly phone: string
  readonly province: string
  readonly city: string
  readonly county: string
  readonly provinceName: string
  readonly cityName: string
  readonly countyName: string
  readonly detail: string
}

export const postAddress = (body: NewAddressBody) =>
  request("/api/address/wxadd", messageDecoder, { method: "POST", body, idempotencyKey: newIdempotencyKey() })

export const useAddAddress = () => useAction(postAddress)
