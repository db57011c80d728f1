/** The statistics' settings from the environment: SMS_UNIT_COST_FEN, what one parcel-notice SMS costs (default 4 fen). */
import { StatisticsSettings } from "#src/statistics/statistics-store"
import { DEFAULT_SMS_UNIT_COST_FEN } from "#src/statistics/figures"

export const statisticsSettings = (env: NodeJS.ProcessEnv) => {
  const text = env.SMS_UNIT_COST_FEN?.trim()
  if (text === undefined || text === "") return StatisticsSettings.of({ smsUnitCostFen: DEFAULT_SMS_UNIT_COST_FEN })
  if (!/^\d{1,4}$/.test(text)) throw new Error(`SMS_UNIT_COST_FEN must be a whole number of fen (0-9999), got ${env.SMS_UNIT_COST_FEN}`)
  return StatisticsSettings.of({ smsUnitCostFen: Number(text) })
}
