/** Exit codes of every `station` command: 0 done, 1 a rule said no (or a check failed), 2 bad usage. */
export const ExitCode = { ok: 0, refused: 1, usage: 2 } as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]
