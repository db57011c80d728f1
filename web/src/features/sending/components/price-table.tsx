/**
 * The 价格表 tab: the worksite's carriers with the tariff's first and additional kilogram by province (the rows the
 * staff's 计费 quotes from); the worksite's price picture when it has no tariff; '暂无数据' with neither.
 */
import { ErrorBlock, Image } from "antd-mobile"
import { priceTable as pricePicture } from "#src/sending/booking"
import { yuan } from "#src/shared/money"
import { LoadFailed, Loading } from "../../../components/load-state"
import { useLoad } from "../../../lib/use-load"
import { fetchPriceTable } from "../api/sending"

export const PriceTable = (props: { readonly yunfeiPic: string | null }) => {
  const prices = useLoad(() => fetchPriceTable(), [])
  if (prices.error) return <LoadFailed error={prices.error} fallback="获取价格表失败" onRetry={prices.reload} />
  if (!prices.data) return <Loading />
  if (prices.data.length === 0) {
    const picture = pricePicture(props.yunfeiPic)
    return "picture" in picture
      ? <Image data-testid="price-table" src={picture.picture} fit="contain" className="price-table" />
      : <ErrorBlock data-testid="price-table-empty" status="empty" title={picture.empty} description={null} />
  }
  return (
    <div className="price-tables" data-testid="price-table">
      {prices.data.map((c) => (
        <section key={c.companyId} className="price-carrier" data-testid="price-carrier" data-code={c.companyCode}>
          <div className="price-carrier__name">{c.companyName}</div>
          <table>
            <thead><tr><th>目的地</th><th className="money">首重1kg</th><th className="money">续重每kg</th></tr></thead>
            <tbody>
              {c.provinces.map((p) => (
                <tr key={p.provinceCode} data-testid="price-row" data-province={p.provinceCode}>
                  <td>{p.provinceName}</td>
                  <td className="money">¥{yuan(p.firstKg)}</td>
                  <td className="money">¥{yuan(p.extraKg)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p className="price-note">不足1kg按1kg计，续重不足1kg按1kg计；以驿站称重计费为准。未列出的地区请到驿站咨询。</p>
    </div>
  )
}
