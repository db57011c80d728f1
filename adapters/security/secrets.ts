/** Server secrets (RSA key pair for sign-in, HMAC key for pickup QRs) made once and shared by every process. */
import { generateKeyPairSync, randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"

export interface Secrets {
  readonly rsaPrivateKey: string
  readonly rsaPublicKey: string
  readonly qrKey: string
  readonly paymentKey: string
}

const fresh = (): Secrets => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" }
  })
  return { rsaPrivateKey: privateKey, rsaPublicKey: publicKey, qrKey: randomBytes(32).toString("base64url"), paymentKey: randomBytes(32).toString("base64url") }
}

const NAMES: ReadonlyArray<keyof Secrets> = ["rsaPrivateKey", "rsaPublicKey", "qrKey", "paymentKey"]

const stored = async (db: Kysely<DB>) =>
  Object.fromEntries((await db.selectFrom("server_secret").selectAll().execute()).map((r) => [r.name, r.value])) as Partial<Secrets>

/** The stored secrets; the first process to start makes them, and every later one reads the same. */
export const loadSecrets = async (db: Kysely<DB>): Promise<Secrets> => {
  const existing = await stored(db)
  if (NAMES.every((name) => existing[name])) return existing as Secrets
  const made = fresh()
  await db.insertInto("server_secret")
    .values(NAMES.map((name) => ({ name, value: made[name] })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute()
  return (await stored(db)) as Secrets
}
