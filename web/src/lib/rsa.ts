/** RSA-OAEP (SHA-256) encryption of a short text with a server's SPKI PEM public key, answered in base64. */

const pemBody = (pem: string): Uint8Array<ArrayBuffer> => {
  const base64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "")
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const toBase64 = (buffer: ArrayBuffer): string => {
  const bytes = new Uint8Array(buffer)
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export const encryptWithPublicKey = async (pem: string, plaintext: string): Promise<string> => {
  if (!crypto.subtle) throw new Error("WebCrypto is unavailable: the page must be served over https")
  const key = await crypto.subtle.importKey("spki", pemBody(pem), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"])
  const sealed = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(plaintext))
  return toBase64(sealed)
}
