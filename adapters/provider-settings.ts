/**
 * Reading an outside provider's settings from the environment, the same way for each (SMS, OCR, the messaging
 * app, payments): which provider a variable picks, a setting that must be there, a timeout. The errors name the
 * variable, never its value, and stop the start.
 */

/** The provider `variable` names among `choices` (the first is the default when it is unset or empty). */
export const providerChoice = <C extends string>(env: NodeJS.ProcessEnv, variable: string, choices: readonly [C, ...C[]]): C => {
  const choice = env[variable]?.trim() || choices[0]
  if (!(choices as ReadonlyArray<string>).includes(choice)) throw new Error(`${variable}=${choice} is not one of ${choices.join(", ")}`)
  return choice as C
}

/** A setting that must be there (its name in the error, never its value). */
export const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name]?.trim()
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/** A timeout in milliseconds, `fallback` when unset or empty. */
export const timeoutMs = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]
  if (raw === undefined || raw === "") return fallback
  const ms = Number(raw)
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds`)
  return ms
}

/** Reads one provider's settings; an error says which choice it was for (`SMS=tencent: … is not set`). */
export const settingsFor = <A>(choice: string, read: () => A): A => {
  try {
    return read()
  } catch (e) {
    throw new Error(`${choice}: ${(e as Error).message}`)
  }
}
