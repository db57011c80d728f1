/** Converts active points to wallet money (`PUT /api/money/scoreToMoney/{points}`). */
import { useState } from "react"
import { messageDecoder, request } from "../../../lib/api-client"

export const putScoreToMoney = (points: number) =>
  request(`/api/money/scoreToMoney/${points}`, messageDecoder, { method: "PUT" })

export const useScoreToMoney = () => {
  const [converting, setConverting] = useState(false)
  const convert = async (points: number) => {
    setConverting(true)
    try {
      return await putScoreToMoney(points)
    } finally {
      setConverting(false)
    }
  }
  return { convert, converting }
}
