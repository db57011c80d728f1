/**
 * `/circleType/{bizType}` (spec 002 §2): what to post. −1 asks the kind first (想买 … 技能), a given kind goes straight to
 * its categories; a category opens `/circleEdit/{bizType}/{goodsType}/-1`, a skill `/circleEdit/70/-1/-1`.
 */
import { useState } from "react"
import { useLocation } from "wouter"
import { BIZ_TYPES, BizType, bizTypeName, GOODS_TYPES, goodsTypeName, isBizType, type BizType as BizTypeCode } from "#src/circle/codes"
import { tokenPath } from "../../../lib/session"

const bizHints: Record<BizTypeCode, string> = {
  10: "求购书籍、好物", 20: "闲置转让", 30: "短期租用", 40: "闲置出租", 50: "找同学借", 60: "借给同学", 70: "技能服务"
}

const goodsHints: Record<number, string> = {
  10: "教材 / 考研 / 课外书", 20: "日用 / 宿舍好物", 30: "手机 / 电脑 / 配件", 40: "衣服 / 鞋包", 50: "自行车 / 电动车", 60: "运动 / 乐器 / 文具", 70: "其他物品"
}

export const newItemPath = (bizType: number, goodsType: number, token: string) => `/circleEdit/${bizType}/${goodsType}/-1/${tokenPath(token)}`

export const TypeChooser = (props: { readonly bizType: number; readonly token: string }) => {
  const [, navigate] = useLocation()
  const [chosen, setChosen] = useState<BizTypeCode | undefined>(isBizType(props.bizType) ? props.bizType : undefined)
  const pickBiz = (biz: BizTypeCode) => (biz === BizType.skill ? navigate(newItemPath(BizType.skill, -1, props.token)) : setChosen(biz))
  return (
    <div className="circle-chooser">
      {chosen === undefined ? (
        <>
          <h2 className="circle-chooser__title">你想发布什么？</h2>
          <div className="circle-chooser__grid" data-testid="circle-biz-types">
            {BIZ_TYPES.map((biz) => (
              <button key={biz} type="button" className={`circle-chooser__tile circle-chooser__tile--biz${biz}`} data-testid={`circle-biz-${biz}`} onClick={() => pickBiz(biz)}>
                <b>{bizTypeName[biz]}</b>
                <span>{bizHints[biz]}</span>
              </button>
            ))}
          </div>
        </>
      ) : (
        <>
          <h2 className="circle-chooser__title">
            {bizTypeName[chosen]} · 选择物品类别
            {isBizType(props.bizType) ? null : <button type="button" className="circle-chooser__back" onClick={() => setChosen(undefined)}>重选</button>}
          </h2>
          <div className="circle-chooser__grid" data-testid="circle-goods-types">
            {GOODS_TYPES.map((goods) => (
              <button key={goods} type="button" className="circle-chooser__tile circle-chooser__tile--goods" data-testid={`circle-goods-${goods}`}
                onClick={() => navigate(newItemPath(chosen, goods, props.token))}>
                <b>{goodsTypeName[goods]}</b>
                <span>{goodsHints[goods]}</span>
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  )
}
