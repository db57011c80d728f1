/** Converts active points to wallet money (`PUT /api/money/scoreToMoney/{points}`). */
import { useState } from "react"
import { ScoreToMoney } from "#src/wallet/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const putScoreToMoney = (points: number, idempotencyKey: string) =>
  send(ScoreToMoney, `/api/money/scoreToMoney/${points}`, { method: "PUT", idempotencyKey })

export const useScoreToMoney = () => {
  const [converting, setConverting] = useState(false)
  const convert = async (points: number) => {
    setConverting(true)
    try {
      return await putScoreToMoney(points, newIdempotencyKey())
    } finally {
      setConverting(false)
    }
  }
  return { convert, converting }
}
