import { required } from "../provider-settings"

/** The SMS templates the station sends and the order of their parameters (a provider's template numbers them {1}, {2}, …). */
export const SMS_TEMPLATE_PARAMS: Readonly<Record<string, ReadonlyArray<string>>> = {
  parcelArrived: ["site", "company", "code", "serviceTime"],
  captcha: ["code"]
}

/** `parcelArrived` → `PARCEL_ARRIVED`: the suffix of the variable that names the template's id at a provider. */
export const templateVariable = (prefix: string, template: string) => `${prefix}${template.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`

/** The template ids a provider registered, one variable per template; a missing one is refused at start. */
export const templateIds = (env: NodeJS.ProcessEnv, prefix: string): Record<string, string> =>
  Object.fromEntries(Object.keys(SMS_TEMPLATE_PARAMS).map((t) => [t, required(env, templateVariable(prefix, t))]))
