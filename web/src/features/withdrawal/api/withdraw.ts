/** Applies for a cash withdrawal (`POST /api/takecash { money }`, in fen). */
import { useState } from "react"
import { messageDecoder, newIdempotencyKey, request } from "../../../lib/api-client"

export const postWithdrawal = (moneyFen: number, idempotencyKey: string) =>
  request("/api/takecash", messageDecoder, { method: "POST", body: { money: moneyFen }, idempotencyKey })

export const useWithdraw = () => {
  const [submitting, setSubmitting] = useState(false)
  const withdraw = async (moneyFen: number) => {
    setSubmitting(true)
    try {
      return await postWithdrawal(moneyFen, newIdempotencyKey())
    } finally {
      setSubmitting(false)
    }
  }
  return { withdraw, submitting }
}
