/** A local SMS gateway: renders the template, refuses numbers a real gateway would, keeps what it sent. */
export interface SmsGateway {
  send(to: string, template: string, params: Readonly<Record<string, string>>): Promise<void>
}

export class SmsRefused extends Error {
  constructor(readonly permanent: boolean, message: string) {
    super(message)
  }
}

const templates: Record<string, (p: Readonly<Record<string, string>>) => string> = {
  parcelArrived: (p) => `【${p.site}】您的${p.company}快递已到，取件码${p.code}，营业时间${p.serviceTime}。`,
  captcha: (p) => `您的验证码是${p.code}，5分钟内有效。`
}

export class FakeSmsGateway implements SmsGateway {
  readonly sent: Array<{ to: string; text: string; at: Date }> = []

  async send(to: string, template: string, params: Readonly<Record<string, string>>) {
    if (!/^1\d{10}$/.test(to)) throw new SmsRefused(true, `invalid mobile number ${to}`)
    const render = templates[template]
    if (!render) throw new SmsRefused(true, `unknown template ${template}`)
    this.sent.push({ to, text: render(params), at: new Date() })
  }
}
