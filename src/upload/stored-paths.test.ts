import { describe, expect, it } from "vitest"
import { storedFileName, storedPathOf } from "./upload"

const hex = "0123456789abcdef0123456789abcdef"
const name = `${hex}.jpg`
const found = { dateFolder: "20261122", fileName: name }

describe("storedFileName takes exactly 32 hex digits", () => {
  it.each([`g${hex}`, `${hex}g`, `${hex}0`, hex.slice(1)])("refuses %s", (id) => {
    expect(storedFileName(id, "jpg")).toBeUndefined()
  })
})

describe("storedPathOf", () => {
  it("reads the last two segments, however many come before, tolerating spaces around and empty segments", () => {
    expect(storedPathOf(`20261122/${name}`)).toEqual(found)
    expect(storedPathOf(`  /sign/20261122/${name} \n`)).toEqual(found)
    expect(storedPathOf(`/sign//20261122//${name}`)).toEqual(found)
    expect(storedPathOf(`/sign/20261122/${name}/`)).toEqual(found)
    expect(storedPathOf(`HTTPS://cdn.example.com:8080/a/b/20261122/${name}#top`)).toEqual(found)
  })

  it("a URL's host is never taken for the date folder", () => {
    expect(storedPathOf(`https://20261122/${name}`)).toBeUndefined()
    expect(storedPathOf(`https://x20261122/${name}`)).toBeUndefined()
    expect(storedPathOf(`web+x.y-z://20261122/${name}`)).toBeUndefined()
  })

  it("only a scheme at the very start is a host part; elsewhere it is an ordinary segment", () => {
    expect(storedPathOf(`20261122/http://x/${name}`)).toBeUndefined()
    expect(storedPathOf(`1https://20261122/${name}`)).toEqual(found)
  })

  it("a lone segment is no photo", () => {
    expect(storedPathOf(name)).toBeUndefined()
    expect(storedPathOf(`/${name}`)).toBeUndefined()
    expect(storedPathOf("/")).toBeUndefined()
  })
})
