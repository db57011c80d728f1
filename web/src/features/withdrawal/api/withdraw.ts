/** Applies for a cash withdrawal (`POST /api/takecash { money }`, in fen). */
import { useState } from "react"
import { Withdraw } from "#src/wallet/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const postWithdrawal = (moneyFen: number, idempotencyKey: string) =>
  send(Withdraw, "/api/takecash", { method: "POST", input: { money: moneyFen }, idempotencyKey })

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
