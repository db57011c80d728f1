/** The daily report link's key, read from the address's fragment `#key=…` (src/statistics/report-key.ts writes it). */
export const reportKeyOf = (hash: string): string | undefined => {
  const key = new URLSearchParams(hash.replace(/^#/, "")).get("key")
  return key === null || key === "" ? undefined : key
}
