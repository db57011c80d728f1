/** Who is calling: resolved from the session token by the adapter before a use case runs. */
export type Role = "student" | "runner" | "staff" | "admin"

export interface Actor {
  readonly userId: string
  readonly openid: string
  readonly role: Role
}
