/** The withdraw screen's wallet: the balance in fen (lowered locally after an application) and the amount typed in yuan. */
import { computed, signal } from "@preact/signals-react"

/** Yuan as typed to fen; undefined when nothing (or nothing numeric) was typed. */
export const fenOfYuan = (text: string): number | undefined => {
  const trimmed = text.trim()
  if (trimmed === "" || !/^\d*\.?\d*$/.test(trimmed) || trimmed === ".") return undefined
  return Math.round(Number(trimmed) * 100)
}

export const createWallet = (initialBalanceFen: number | undefined) => {
  const balanceFen = signal<number | undefined>(initialBalanceFen)
  const amountText = signal("")
  const amountFen = computed(() => fenOfYuan(amountText.value))
  return {
    balanceFen,
    amountText,
    amountFen,
    typeAmount: (text: string) => { amountText.value = text.replace(/[^\d.]/g, "") },
    withdrawn: (fen: number) => {
      balanceFen.value = Math.max(0, (balanceFen.value ?? 0) - fen)
      amountText.value = ""
    }
  }
}
export type Wallet = ReturnType<typeof createWallet>
