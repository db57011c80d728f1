/**
 * The worksite chooser: worksites near the device's position as a radio list with submit, or, when the position
 * is unavailable (or on request), every worksite in an index list grouped by campus. From personal info the
 * choice is saved at once; from complete-profile it is kept in the session for that form.
 */
import { Button, ErrorBlock, IndexBar, List, NoticeBar, Radio, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { afterWorksiteChosen, messages, type WorksiteChooserFrom } from "#src/profile/complete-profile"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { keepChosenWorksite } from "../../../lib/session"
import { messages as worksiteMessages } from "#src/worksite/directory"
import { useUpdateWorksite } from "../api/update-worksite"
import { worksiteName, type Worksite } from "../api/worksite"
import { useWorksiteGroups } from "../api/worksites-by-group"
import { useWorksitesByLocation } from "../api/worksites-by-location"
import { usePosition } from "../state/position"

const distanceText = (metres: number | null | undefined): string | undefined =>
  metres === undefined || metres === null ? undefined : metres < 1000 ? `${Math.round(metres)}m` : `${(metres / 1000).toFixed(1)}km`

export const WorksiteChooser = (props: {
  readonly from: WorksiteChooserFrom
  readonly platform: string
  readonly redirect: string
  readonly token: string
}) => {
  const [, navigate] = useLocation()
  const position = usePosition()
  const [wantGroups, setWantGroups] = useState(false)
  const nearby = useWorksitesByLocation(position.status === "located" ? position.at : undefined)
  const noNearby = position.status === "failed" || nearby.error !== undefined || nearby.data?.length === 0
  const showGroups = wantGroups || noNearby
  const groups = useWorksiteGroups(showGroups)
  const [selected, setSelected] = useState<string | undefined>(undefined)
  const save = useUpdateWorksite()

  const choose = async (worksite: Worksite) => {
    if (save.pending) return
    const next = afterWorksiteChosen({ from: props.from, platform: props.platform, redirect: props.redirect, token: props.token })
    if (next.save) {
      try {
        await save.run(worksite._id)
        Toast.show({ content: messages.worksiteChanged, icon: "success", duration: 1000 })
      } catch (error) {
        Toast.show({ content: failureMessage(error, messages.saveFailed), icon: "fail" })
        return
      }
    } else {
      keepChosenWorksite({ id: worksite._id, name: worksiteName(worksite) })
    }
    navigate(next.to, { replace: true })
  }

  if (showGroups) {
    return (
      <div className="worksite-chooser worksite-chooser--groups">
        {position.status === "failed" ? <NoticeBar data-testid="location-failed" content={`${worksiteMessages.locationWrong}，请在列表中选择网点`} color="alert" /> : null}
        {groups.error ? <LoadFailed error={groups.error} fallback="获取网点列表失败" onRetry={groups.reload} />
          : !groups.data ? <Loading />
          : groups.data.length === 0 ? <ErrorBlock status="empty" title="暂无网点" description={null} />
          : (
            <IndexBar className="worksite-index">
              {groups.data.map((g) => (
                <IndexBar.Panel key={g.group} index={g.group} title={g.group} brief={g.group.slice(0, 1)}>
                  <List>
                    {g.items.map((w) => (
                      <List.Item key={w._id} data-testid={`worksite-${w._id}`} description={w.fullName} onClick={() => void choose(w)}>
                        {worksiteName(w)}
                      </List.Item>
                    ))}
                  </List>
                </IndexBar.Panel>
              ))}
            </IndexBar>
          )}
      </div>
    )
  }

  const list = nearby.data
  const current = list?.find((w) => w._id === selected)
  return (
    <div className="worksite-chooser">
      {position.status === "locating" || !list ? <Loading text="正在获取附近网点" /> : (
        <>
          <Radio.Group value={selected ?? null} onChange={(v) => setSelected(String(v))}>
            <List mode="card" header="附近的网点">
              {list.map((w) => (
                <List.Item
                  key={w._id}
                  data-testid={`worksite-${w._id}`}
                  description={w.fullName}
                  onClick={() => setSelected(w._id)}
                  extra={<span className="worksite-distance">{distanceText(w.distance)}</span>}
                  prefix={<Radio value={w._id} />}
                  arrowIcon={false}
                >
                  {worksiteName(w)}
                </List.Item>
              ))}
            </List>
          </Radio.Group>
          <div className="page__actions">
            <Button data-testid="worksite-submit" block color="primary" size="large" loading={save.pending} onClick={() => {
              if (current) void choose(current)
              else Toast.show({ content: messages.worksiteRequired })
            }}>
              确定
            </Button>
            <Button data-testid="worksite-all" block fill="none" color="primary" onClick={() => setWantGroups(true)}>
              没有我的网点？按校区查找
            </Button>
          </div>
        </>
      )}
    </div>
  )
}
