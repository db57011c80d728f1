/** Staff passwords: scrypt hashes at rest, RSA-OAEP-SHA256 in transit (PKCS#1 v1.5 is refused). */
import { constants, privateDecrypt, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto"
import { Effect } from "effect"
import { PasswordCipher, PasswordHasher } from "#src/staff/staff-store"

const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, length, options, (e, key) => (e ? reject(e) : resolve(key))))

const PARAMS = { N: 16384, r: 8, p: 1 }

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, 32, PARAMS)
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$")
}

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split("$")
  if (scheme !== "scrypt" || !salt || !key) return false
  const expected = Buffer.from(key, "base64")
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) })
  return timingSafeEqual(actual, expected)
}

export const passwordHasher = PasswordHasher.of({
  verify: (password, hash) => Effect.promise(() => verifyPassword(password, hash))
})

export const passwordCipher = (privateKeyPem: string) => PasswordCipher.of({
  decrypt: (base64) =>
    Effect.sync(() => {
      try {
        const plain = privateDecrypt({ key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(base64, "base64"))
        return plain.toString("utf8")
      } catch {
        return undefined
      }
    })
})
