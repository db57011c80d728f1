/**
 * The messaging app's JS-SDK, reduced to what the station uses: scanning a code. Inside the app the
 * real `window.wx` scans with the camera; elsewhere a dialog asks for the code's text instead.
 */
import { Dialog, Input } from "antd-mobile"
import { useState } from "react"
import { ScannerConfig } from "#src/staff/calls"
import { send } from "./api-client"

interface ScanOptions {
  readonly needResult: 0 | 1
  readonly scanType: ReadonlyArray<"qrCode" | "barCode">
  readonly success: (res: { readonly resultStr: string }) => void
  readonly cancel?: () => void
  readonly fail?: (err: unknown) => void
}

interface WxSdk {
  config(config: Record<string, unknown>): void
  ready(callback: () => void): void
  error(callback: (err: unknown) => void): void
  scanQRCode(options: ScanOptions): void
}

declare global {
  interface Window {
    wx?: WxSdk
  }
}

export const fetchJsConfig = (url: string) => send(ScannerConfig, "/api/wx/jsconfig", { input: { url } })

let configured: Promise<WxSdk> | undefined

const configuredSdk = (wx: WxSdk): Promise<WxSdk> => {
  configured ??= fetchJsConfig(window.location.href.split("#")[0] ?? "").then(
    (config) =>
      new Promise<WxSdk>((resolve, reject) => {
        wx.config({ debug: false, ...config, jsApiList: [...config.jsApiList, "scanQRCode"] })
        wx.ready(() => resolve(wx))
        wx.error(reject)
      })
  )
  configured.catch(() => { configured = undefined })
  return configured
}

const ScanPrompt = (props: { readonly onChange: (text: string) => void; readonly onEnter: () => void }) => {
  const [text, setText] = useState("")
  return (
    <div className="scan-prompt" data-testid="scan-dialog">
      <p className="scan-prompt__hint">未检测到相机，请输入或粘贴扫码内容</p>
      <Input
        data-testid="scan-input"
        className="scan-prompt__input"
        placeholder="扫码内容"
        value={text}
        autoFocus
        clearable
        onChange={(value) => {
          setText(value)
          props.onChange(value)
        }}
        onEnterPress={props.onEnter}
      />
    </div>
  )
}

const fakeScan = (title: string): Promise<string | undefined> =>
  new Promise((resolve) => {
    let text = ""
    let settled = false
    const settle = (value: string | undefined) => {
      if (settled) return
      settled = true
      resolve(value)
    }
    const handler = Dialog.show({
      title,
      content: (
        <ScanPrompt
          onChange={(value) => { text = value }}
          onEnter={() => {
            settle(text)
            handler.close()
          }}
        />
      ),
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        [
          { key: "cancel", text: "取消" },
          { key: "confirm", text: <span data-testid="scan-confirm">确定</span>, bold: true }
        ]
      ],
      onAction: (action) => settle(action.key === "confirm" ? text : undefined),
      onClose: () => settle(undefined)
    })
  })

/** The scanned text, or undefined when the scan was cancelled. */
export const scanQRCode = async (title = "扫一扫"): Promise<string | undefined> => {
  const wx = window.wx
  if (!wx) return fakeScan(title)
  const sdk = await configuredSdk(wx)
  return new Promise((resolve) =>
    sdk.scanQRCode({
      needResult: 1,
      scanType: ["qrCode", "barCode"],
      success: (res) => resolve(res.resultStr),
      cancel: () => resolve(undefined),
      fail: () => resolve(undefined)
    })
  )
}
