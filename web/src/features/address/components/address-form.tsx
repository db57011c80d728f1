/**
 * The add-address form: a paste box (80 characters) that fills the fields from a block of text, then contact,
 * phone, province/city/county picker and detail, checked in the spec's order before sending.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, CascadePicker, Form, Input, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import { addressRefusal, DETAIL_MAX_LENGTH, messages, NAME_MAX_LENGTH, PASTE_MAX_LENGTH, pasteRefusal } from "#src/address/address"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { failureMessage } from "../../../lib/api-client"
import { useAddAddress } from "../api/add-address"
import { PROVINCES_FAILED } from "../api/regions"
import { createAddressForm, pastePartNames, type Place } from "../state/address-form"
import { fieldsFromPastedAddress } from "../state/paste"
import { useRegionOptions } from "../state/region-options"

const placeText = (places: { readonly province?: Place | undefined; readonly city?: Place | undefined; readonly county?: Place | undefined }) =>
  [places.province?.name, places.city?.name, places.county?.name].filter(Boolean).join(" ")

export const AddressForm = (props: { readonly onAdded: () => void; readonly onCancel: () => void }) => {
  useSignals()
  const [form] = useState(createAddressForm)
  const regions = useRegionOptions()
  const [pickerOpen, setPickerOpen] = useState(false)
  const [parsing, setParsing] = useState(false)
  const { run, pending } = useAddAddress()
  const places = form.places.value
  const missed = form.missed.value

  const recognise = async () => {
    if (parsing) return
    const refused = pasteRefusal(form.paste.value)
    if (refused) {
      Toast.show({ content: refused.message })

      return
    }
    setParsing(true)
    try {
      const fields = await fieldsFromPastedAddress(form.paste.value)
      form.fill(fields)
      if (form.missed.value.length === 0 && !fields.county) Toast.show({ content: messages.regionIncomplete })
    } catch (error) {
      Toast.show({ content: failureMessage(error, PROVINCES_FAILED), icon: "fail" })
    } finally {
      setParsing(false)
    }
  }

  const submit = async () => {
    if (pending) return
    const f = form.fields.value
    const refused = addressRefusal(f)
    if (refused) {
      Toast.show({ content: refused.message })

      return
    }
    try {
      await run({
        name: (f.name ?? "").trim(),
        phone: (f.phone ?? "").trim(),
        province: f.province ?? "",
        city: f.city ?? "",
        county: f.county ?? "",
        provinceName: f.provinceName ?? "",
        cityName: f.cityName ?? "",
        countyName: f.countyName ?? "",
        detail: (f.detail ?? "").trim()
      })
      Toast.show({ content: "保存成功", icon: "success", duration: 1000 })
      props.onAdded()
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.addFailed), icon: "fail" })
    }
  }

  const openPicker = () => {
    if (regions.error) {
      Toast.show({ content: failureMessage(regions.error, PROVINCES_FAILED) })
      regions.retry()
      return
    }
    regions.reveal([places.province?.code ?? null, places.city?.code ?? null])
    setPickerOpen(true)
  }

  return (
    <div className="address-form">
      <section className="form-card paste-card">
        <div className="paste-card__title">智能填写</div>
        <TextArea
          data-testid="address-paste"
          className="paste-card__box"
          placeholder="粘贴整段收件信息，如：张三 13812345678 广东省深圳市南山区科技园1号"
          value={form.paste.value}
          onChange={form.typePaste}
          maxLength={PASTE_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 4 }}
        />
        <div className="paste-card__actions">
          <Button data-testid="address-paste-clear" size="small" fill="none" onClick={form.clearPaste}>清空</Button>
          <Button data-testid="address-paste-parse" size="small" color="primary" loading={parsing} onClick={() => void recognise()}>识别</Button>
        </div>
        {missed.length > 0 ? (
          <p className="paste-card__missed" data-testid="address-paste-missed" role="status">
            {missed.length === 4 ? "未能识别出收件信息，请手动填写" : `未识别出${missed.map((part) => pastePartNames[part]).join("、")}，请手动填写`}
          </p>
        ) : null}
      </section>

      <Form layout="horizontal" mode="card" className="address-form__fields">
        <Form.Item label="联系人">
          <Input data-testid="address-name" maxLength={NAME_MAX_LENGTH} placeholder="收件人姓名" value={form.name.value} onChange={form.typeName} clearable />
        </Form.Item>
        <Form.Item label="联系电话">
          <Input data-testid="address-phone" type="tel" inputMode="numeric" maxLength={PHONE_LENGTH} placeholder="11位手机号码" value={form.phone.value} onChange={form.typePhone} clearable />
        </Form.Item>
        <Form.Item label="所在地区" onClick={openPicker} arrowIcon>
          <span data-testid="address-region" className={places.county ? "value" : "placeholder"}>{placeText(places) || "请选择省市区"}</span>
        </Form.Item>
        <Form.Item label="详细地址">
          <TextArea data-testid="address-detail" maxLength={DETAIL_MAX_LENGTH} placeholder="街道、楼栋、门牌号" value={form.detail.value} onChange={form.typeDetail} autoSize={{ minRows: 2, maxRows: 3 }} />
        </Form.Item>
      </Form>

      <CascadePicker
        title="选择省市区"
        options={regions.options}
        visible={pickerOpen}
        value={[places.province?.code ?? null, places.city?.code ?? null, places.county?.code ?? null]}
        loading={!regions.loaded}
        onSelect={(value) => regions.reveal(value)}
        onClose={() => setPickerOpen(false)}
        onConfirm={(value, extend) => {
          const [province, city, county] = extend.items
          form.pickPlaces({
            province: province ? { code: String(province.value), name: String(province.label) } : undefined,
            city: city ? { code: String(city.value), name: String(city.label) } : undefined,
            county: county ? { code: String(county.value), name: String(county.label) } : undefined
          })
          if (!value[2]) Toast.show({ content: messages.regionIncomplete })
        }}
      />

      <div className="page__actions address-form__actions">
        <Button data-testid="address-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>保存地址</Button>
        <Button block fill="none" onClick={props.onCancel}>取消</Button>
      </div>
    </div>
  )
}
