/**
 * The success page's share image (spec 002 §2 `/circleEdit`): drawn on a canvas from the item (its first picture,
 * title, price, kind) and a QR of the short URL of its share page, shown as one picture to long-press and save. A
 * loading indicator shows while it is made.
 */
import { SpinLoading } from "antd-mobile"
import QRCode from "qrcode"
import { useEffect, useState } from "react"
import type { ItemView } from "#src/circle/calls"
import { bizTypeName, conditionName, goodsTypeName, isBizType, isConditionLevel, isGoodsType } from "#src/circle/codes"
import { costText, priceText } from "#src/circle/display"
import { fetchShareUrl } from "../api/items"

const W = 600
const H = 880
const SCALE = 2
const FONT = `-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`

const loadImage = (src: string): Promise<HTMLImageElement | undefined> =>
  new Promise((resolve) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => resolve(undefined)
    img.src = src
  })

const roundRect = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) => {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.arcTo(x + w, y, x + w, y + h, r)
  ctx.arcTo(x + w, y + h, x, y + h, r)
  ctx.arcTo(x, y + h, x, y, r)
  ctx.arcTo(x, y, x + w, y, r)
  ctx.closePath()
}

/** Lines of `text` that fit `width`, at most `max` (the last one cut with …). */
const wrap = (ctx: CanvasRenderingContext2D, text: string, width: number, max: number): string[] => {
  const lines: string[] = []
  let line = ""
  for (const ch of [...text]) {
    if (ctx.measureText(line + ch).width > width && line !== "") {
      lines.push(line)
      line = ch
      if (lines.length === max) break
    } else line += ch
  }
  if (lines.length < max && line !== "") lines.push(line)
  else if (lines.length === max && lines.join("").length < [...text].length) lines[max - 1] = `${lines[max - 1]!.slice(0, -1)}…`
  return lines
}

/** Draws the picture into the box, covering it (cropped, centred). */
const cover = (ctx: CanvasRenderingContext2D, img: HTMLImageElement, x: number, y: number, w: number, h: number) => {
  const scale = Math.max(w / img.naturalWidth, h / img.naturalHeight)
  const sw = w / scale
  const sh = h / scale
  ctx.drawImage(img, (img.naturalWidth - sw) / 2, (img.naturalHeight - sh) / 2, sw, sh, x, y, w, h)
}

export const drawShareImage = async (item: ItemView, shareUrl: string, siteName: string): Promise<string> => {
  const canvas = document.createElement("canvas")
  canvas.width = W * SCALE
  canvas.height = H * SCALE
  const ctx = canvas.getContext("2d")!
  ctx.scale(SCALE, SCALE)

  const band = ctx.createLinearGradient(0, 0, W, 180)
  band.addColorStop(0, "#ff7a45")
  band.addColorStop(1, "#ff4d6d")
  ctx.fillStyle = "#f5f6fa"
  ctx.fillRect(0, 0, W, H)
  ctx.fillStyle = band
  ctx.fillRect(0, 0, W, 200)
  ctx.fillStyle = "#fff"
  ctx.font = `bold 34px ${FONT}`
  ctx.fillText("校园圈子", 36, 64)
  ctx.font = `20px ${FONT}`
  ctx.globalAlpha = 0.9
  ctx.fillText(`${siteName ? `${siteName} · ` : ""}闲置好物，同学直达`, 36, 100)
  ctx.globalAlpha = 1

  ctx.save()
  ctx.shadowColor = "rgba(0,0,0,0.08)"
  ctx.shadowBlur = 16
  ctx.fillStyle = "#fff"
  roundRect(ctx, 24, 130, W - 48, H - 154, 20)
  ctx.fill()
  ctx.restore()

  const picBox = { x: 48, y: 154, w: W - 96, h: 330 }
  const first = item.pics[0] ? await loadImage(item.pics[0].url) : undefined
  ctx.save()
  roundRect(ctx, picBox.x, picBox.y, picBox.w, picBox.h, 14)
  ctx.clip()
  if (first) cover(ctx, first, picBox.x, picBox.y, picBox.w, picBox.h)
  else {
    const bg = ctx.createLinearGradient(picBox.x, picBox.y, picBox.x + picBox.w, picBox.y + picBox.h)
    bg.addColorStop(0, "#fff1f0")
    bg.addColorStop(1, "#fff7e6")
    ctx.fillStyle = bg
    ctx.fillRect(picBox.x, picBox.y, picBox.w, picBox.h)
    ctx.fillStyle = "#ff7a45"
    ctx.font = `bold 64px ${FONT}`
    ctx.textAlign = "center"
    ctx.fillText(isBizType(item.bizType) ? bizTypeName[item.bizType] : "圈子", W / 2, picBox.y + picBox.h / 2 + 22)
    ctx.textAlign = "left"
  }
  ctx.restore()

  let y = picBox.y + picBox.h + 48
  ctx.fillStyle = "#1f1f1f"
  ctx.font = `bold 28px ${FONT}`
  for (const line of wrap(ctx, item.title, W - 96, 2)) {
    ctx.fillText(line, 48, y)
    y += 38
  }
  y += 10
  ctx.fillStyle = "#ff3141"
  ctx.font = `bold 34px ${FONT}`
  const price = priceText(item)
  ctx.fillText(price, 48, y)
  const cost = costText(item.cost)
  if (cost && item.price >= 0) {
    const x = 48 + ctx.measureText(price).width + 14
    ctx.fillStyle = "#999"
    ctx.font = `20px ${FONT}`
    ctx.fillText(cost, x, y)
    ctx.fillRect(x, y - 7, ctx.measureText(cost).width, 1.5)
  }
  const tags = [
    isBizType(item.bizType) ? bizTypeName[item.bizType] : undefined,
    isGoodsType(item.goodsType) ? goodsTypeName[item.goodsType] : undefined,
    isConditionLevel(item.level) ? conditionName(item.level) : undefined
  ].filter((t): t is string => t !== undefined)
  ctx.font = `18px ${FONT}`
  let tx = 48
  for (const tag of tags) {
    const w = ctx.measureText(tag).width + 20
    ctx.fillStyle = "#fff2e8"
    roundRect(ctx, tx, y + 18, w, 30, 8)
    ctx.fill()
    ctx.fillStyle = "#fa541c"
    ctx.fillText(tag, tx + 10, y + 40)
    tx += w + 10
  }

  const qrSize = 150
  const qrY = H - 48 - qrSize
  ctx.strokeStyle = "#f0f0f0"
  ctx.beginPath()
  ctx.moveTo(48, qrY - 20)
  ctx.lineTo(W - 48, qrY - 20)
  ctx.stroke()
  const qr = await loadImage(await QRCode.toDataURL(shareUrl, { errorCorrectionLevel: "M", margin: 1, width: qrSize * SCALE }))
  if (qr) ctx.drawImage(qr, W - 48 - qrSize, qrY, qrSize, qrSize)
  ctx.fillStyle = "#1f1f1f"
  ctx.font = `bold 24px ${FONT}`
  ctx.fillText("长按识别二维码", 48, qrY + 56)
  ctx.fillStyle = "#666"
  ctx.font = `19px ${FONT}`
  ctx.fillText("查看详情，联系发布的同学", 48, qrY + 92)
  ctx.fillStyle = "#aaa"
  ctx.font = `16px ${FONT}`
  ctx.fillText(`来自 ${item.user.nickname || "同学"} 的分享`, 48, qrY + 128)

  return canvas.toDataURL("image/png")
}

/** The loading indicator while the share image is made. */
export const ShareLoading = () => (
  <div className="circle-share circle-share--loading" data-testid="circle-share-loading" role="status">
    <SpinLoading color="primary" />
    <span>分享图生成中…</span>
  </div>
)

export const ShareImage = (props: { readonly item: ItemView; readonly siteName: string }) => {
  const [state, setState] = useState<{ readonly url: string; readonly image: string } | "failed" | undefined>(undefined)
  useEffect(() => {
    let current = true
    setState(undefined)
    void (async () => {
      try {
        const url = await fetchShareUrl(props.item._id)
        const image = await drawShareImage(props.item, url, props.siteName)
        if (current) setState({ url, image })
      } catch {
        if (current) setState("failed")
      }
    })()
    return () => { current = false }
  }, [props.item, props.siteName])
  if (state === undefined) return <ShareLoading />
  if (state === "failed") return <p className="circle-share__failed">分享图生成失败，可在详情页分享</p>
  return (
    <figure className="circle-share" data-testid="circle-share">
      <img src={state.image} alt="分享图" className="circle-share__image" data-testid="circle-share-image" data-qr={state.url} />
      <figcaption>长按图片保存，分享到朋友圈或发给同学</figcaption>
    </figure>
  )
}
