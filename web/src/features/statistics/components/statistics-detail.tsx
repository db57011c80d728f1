/** `/statisticsDetail/{id}/{token}` (spec 001 §2): one record, or for a worksite's id its figures today, counted now. */
import { statisticsMessages } from "#src/statistics/access"
import { LoadFailed, Loading } from "../../../components/load-state"
import { useLoad } from "../../../lib/use-load"
import { fetchRecord } from "../api/statistics"
import { RecordView } from "./record-view"

export const StatisticsDetail = (props: { readonly id: string; readonly token: string }) => {
  const record = useLoad(() => fetchRecord(props.id), [props.id, props.token])
  if (record.loading) return <Loading />
  if (record.error !== undefined || !record.data) return <LoadFailed error={record.error} fallback={statisticsMessages.failed} onRetry={record.reload} />
  return <RecordView record={record.data} />
}
