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

export const loadSecrets = async (db: Kysely<DB>): Promise<Secrets> => {
  const made = fresh()
  await db.insertInto("server_secret")
    .values(Object.entries(made).map(([name, value]) => ({ name, value })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute()
  const rows = await db.selectFrom("server_secret").selectAll().execute()
  const stored = Object.fromEntries(rows.map((r) => [r.name, r.value])) as unknown as Secrets
  return stored
}
