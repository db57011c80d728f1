/**
 * The door pickup's place and goods: building (the worksite's), floor (−1 to 30, no 0), dorm room, then the
 * goods type — chosen before the building or floor it says '请选择大楼' / '请选择楼层' — and, for a large item,
 * its category (the building's special goods, 'other' last).
 */
import { Input, List, Picker, Selector, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { GoodsType, messages } from "#src/sending/booking"
import { MAX_FLOOR, MIN_FLOOR, OTHER_SPECIAL_GOOD_ID, OTHER_SPECIAL_GOOD_NAME } from "#src/errand/fee"
import { useBuildings } from "../api/sending"
import type { BookingDraft } from "../state/booking-form"

const floors = Array.from({ length: MAX_FLOOR - MIN_FLOOR + 1 }, (_, i) => MIN_FLOOR + i).filter((f) => f !== 0)

export const DoorPickupFields = (props: {
  readonly worksiteId: string
  readonly draft: BookingDraft
  readonly set: (patch: Partial<BookingDraft>) => void
}) => {
  const { draft, set } = props
  const buildings = useBuildings(props.worksiteId)
  const [open, setOpen] = useState<"building" | "floor" | "category" | undefined>()
  useEffect(() => {
    if (buildings.error) Toast.show({ content: "获取大楼列表失败" })
  }, [buildings.error])
  const building = buildings.data?.find((b) => b._id === draft.dormBuilding)
  const categories = [
    ...(building?.specialGoods ?? []).filter((g) => g._id !== OTHER_SPECIAL_GOOD_ID).map((g) => ({ label: g.name, value: g._id })),
    { label: OTHER_SPECIAL_GOOD_NAME, value: OTHER_SPECIAL_GOOD_ID }
  ]
  const category = categories.find((c) => c.value === draft.largeCategory)

  const chooseGoodsType = (value: number | undefined) => {
    if (!draft.dormBuilding) return void Toast.show({ content: messages.buildingRequired })
    if (draft.dormFloor === undefined) return void Toast.show({ content: messages.floorRequired })
    set({ goodsType: value, largeCategory: value === GoodsType.large ? draft.largeCategory : "" })
  }

  return (
    <>
      <List.Item title="大楼" data-testid="dorm-building" onClick={() => setOpen("building")}
        extra={building ? <span className="value">{building.name}</span> : <span className="placeholder">请选择大楼</span>} />
      <List.Item title="楼层" data-testid="dorm-floor" onClick={() => setOpen("floor")}
        extra={draft.dormFloor !== undefined ? <span className="value">{draft.dormFloor}层</span> : <span className="placeholder">请选择楼层</span>} />
      <List.Item title="宿舍号">
        <Input data-testid="dorm-room" placeholder="如：305" value={draft.dormRoom} onChange={(dormRoom) => set({ dormRoom })} />
      </List.Item>
      <List.Item title="物品类别" description={
        <Selector
          data-testid="goods-type"
          columns={3}
          value={draft.goodsType ? [String(draft.goodsType)] : []}
          options={[
            { label: "小件(<0.5kg)", value: String(GoodsType.small) },
            { label: "中件(0.5-2kg)", value: String(GoodsType.medium) },
            { label: "大件(>2kg)", value: String(GoodsType.large) }
          ]}
          onChange={(v) => chooseGoodsType(v[0] === undefined ? undefined : Number(v[0]))}
        />
      } />
      {draft.goodsType === GoodsType.large ? (
        <List.Item title="大件分类" data-testid="large-category" onClick={() => setOpen("category")}
          extra={category ? <span className="value">{category.label}</span> : <span className="placeholder">请选择大件分类</span>} />
      ) : null}
      <Picker
        columns={[(buildings.data ?? []).map((b) => ({ label: b.name, value: b._id }))]}
        visible={open === "building"}
        onClose={() => setOpen(undefined)}
        onConfirm={(v) => typeof v[0] === "string" && set({ dormBuilding: v[0], largeCategory: "" })}
      />
      <Picker
        columns={[floors.map((f) => ({ label: `${f}层`, value: String(f) }))]}
        visible={open === "floor"}
        defaultValue={["1"]}
        onClose={() => setOpen(undefined)}
        onConfirm={(v) => typeof v[0] === "string" && set({ dormFloor: Number(v[0]) })}
      />
      <Picker
        columns={[categories]}
        visible={open === "category"}
        onClose={() => setOpen(undefined)}
        onConfirm={(v) => typeof v[0] === "string" && set({ largeCategory: v[0] })}
      />
    </>
  )
}
