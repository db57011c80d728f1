/** The runner's freight entry for a door pickup: its send order by the errand, the carriers, the quote, the update (with the server's message). */
import { Schema } from "effect"
import { SendByPaotui, UpdateFreight, type SendOrderView } from "#src/sending/calls"
import { newIdempotencyKey, request, send } from "../../../lib/api-client"

export type { SendOrderView }

export const fetchSendOfErrand = (errandId: string) => send(SendByPaotui, `/api/expressTakein/getByPaotuiId/${encodeURIComponent(errandId)}`)

export interface RunnerFreight {
  readonly id: string
  readonly expressCompanyId: string
  readonly isDaofu: boolean
  readonly freightWeight?: number | undefined
  readonly freight?: number | undefined
  readonly goodsPic: string
}

/** `PUT updateFreight` (cash on delivery too, so the photo goes along); answers the order and the server's message. */
export const runnerSetFreight = (input: RunnerFreight): Promise<{ readonly order: SendOrderView; readonly message: string }> => {
  const body = Schema.encodeUnknownSync(UpdateFreight.request as unknown as Schema.Encoder<unknown>)(input)
  const decode = Schema.decodeUnknownSync(UpdateFreight.answer as unknown as Schema.Decoder<SendOrderView>)
  return request("/api/expressTakein/freight/updateFreight", (answer) => {
    const a = answer as { data?: unknown; message?: unknown }
    return { order: decode(a.data), message: typeof a.message === "string" ? a.message : "" }
  }, { method: "PUT", body, idempotencyKey: newIdempotencyKey() })
}
