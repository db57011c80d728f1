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

/** A setting that must be there (its name in the error, never its value). */
export const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name]?.trim()
  if (!value) throw new Error(`${name} is not set`)
  return value
}

export const timeoutMs = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const ms = Number(raw)
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds`)
  return ms
}
