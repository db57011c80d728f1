/**
 * The announcement cleaner: whatever HTML is written, what is kept is only the allowed tags with their allowed
 * attributes: no `script`, `iframe` or `style` (element or attribute), no `on*` handler, no `javascript:` (or any
 * other scheme than https) in a link or picture; and what is allowed passes unchanged.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { ATTRIBUTE_TAGS, isAllowedImageSrc, isAllowedLinkHref, TEXT_TAGS } from "#src/home/activity-content"
import { cleanHtml } from "./html-cleaner"

const UPLOAD = "/sign/20261126/0123456789abcdef0123456789abcdef.png"

const tagNames = [
  ...TEXT_TAGS, "img", "a", "script", "iframe", "style", "object", "embed", "svg", "math", "form", "input", "button", "link", "meta", "base",
  "SCRIPT", "IfRaMe", "StYlE", "div", "table", "video", "audio", "source", "textarea", "noscript", "template"
]
const attributeNames = ["onclick", "onerror", "onload", "ONMOUSEOVER", "oNfOcUs", "style", "href", "src", "srcset", "class", "id", "title", "alt", "width", "formaction", "xlink:href", "data-x"]
const dangerousValues = [
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java&#x09;script:alert(1)", "&#106;avascript:alert(1)",
  "jav&#x0A;ascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "data:image/png;base64,AAAA", "//evil.example/x.png",
  "/sign/../api/user", "/sign/20261126/../../etc/passwd", "http://plain.example/x.png", "alert(1)", "expression(alert(1))", "x\" onerror=\"alert(1)"
]
const goodValues = ["https://ok.example/a.png", "https://ok.example/page?q=1#top", UPLOAD, "说明", "100"]

const text = fc.stringMatching(/^[\u4e00-\u4e2f a-z0-9<>&"'=:;/]{0,12}$/)
const attribute = fc.tuple(fc.constantFrom(...attributeNames), fc.constantFrom(...dangerousValues, ...goodValues), fc.constantFrom('"', "'", ""))
  .map(([name, value, quote]) => (quote === "" ? `${name}=${value.replace(/[\s"'>]/g, "")}` : `${name}=${quote}${value.replaceAll(quote, "")}${quote}`))

const element: fc.Memo<string> = fc.memo((depth) =>
  fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.tuple(fc.constantFrom(...tagNames), fc.array(attribute, { maxLength: 4 }), fc.array(depth > 1 ? element(depth - 1) : text, { maxLength: 3 }), fc.boolean())
      .map(([tag, attrs, children, closed]) => `<${tag}${attrs.map((a) => ` ${a}`).join("")}>${children.join("")}${closed ? `</${tag}>` : ""}`)
  ))

const html = fc.array(element(4), { maxLength: 5 }).map((parts) => parts.join(""))

const allowedAttributes: Record<string, ReadonlyArray<string>> = { ...ATTRIBUTE_TAGS, a: [...ATTRIBUTE_TAGS.a, "rel", "target"] }
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/g
const ATTRIBUTE = /([^\s=/>]+)(?:="([^"]*)")?/g

/** Every tag of cleaned HTML, with its attributes as serialised (values double-quoted, entities escaped). */
const tagsOf = (cleaned: string) =>
  [...cleaned.matchAll(TAG)].map((m) => ({
    name: m[1]!,
    closing: m[0].startsWith("</"),
    attributes: [...m[2]!.matchAll(ATTRIBUTE)].map((a) => ({ name: a[1]!, value: (a[2] ?? "").replaceAll("&amp;", "&") }))
  }))

describe("the announcement cleaner", () => {
  test.prop([html], { numRuns: 400 })("keeps only allowed tags and attributes; no handler, style, frame, script or non-https URL survives", (dirty) => {
    const cleaned = cleanHtml(dirty)
    // nothing that looks like a tag is left outside the tags read below
    expect(cleaned.replace(TAG, "")).not.toMatch(/[<>]/)
    for (const tag of tagsOf(cleaned)) {
      expect([...TEXT_TAGS, "img", "a"], cleaned).toContain(tag.name)
      for (const { name, value } of tag.attributes) {
        expect(allowedAttributes[tag.name] ?? [], `${name} on ${tag.name} in ${cleaned}`).toContain(name)
        expect(name.toLowerCase()).not.toMatch(/^on|^style$/)
        if (name === "src") expect(isAllowedImageSrc(value), cleaned).toBe(true)
        if (name === "href") expect(isAllowedLinkHref(value), cleaned).toBe(true)
      }
      if (tag.name === "img" && !tag.closing) expect(tag.attributes.map((a) => a.name), cleaned).toContain("src")
    }
    expect(cleaned.toLowerCase()).not.toMatch(/<\s*\/?\s*(script|iframe|style)\b/)
    // a scheme other than https only ever survives as words (text, a title), never as an address
    for (const { name, value } of tagsOf(cleaned).flatMap((t) => t.attributes)) {
      if (name === "href" || name === "src") expect(value.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:|^\/\//)
    }
  })

  test.prop([fc.constantFrom("script", "style", "iframe", "noscript", "template"), fc.stringMatching(/^[a-z(){};=. ]{1,20}$/)])(
    "drops a %s element with its text",
    (tag, body) => {
      expect(cleanHtml(`<p>前</p><${tag}>${body}</${tag}><p>后</p>`)).toBe("<p>前</p><p>后</p>")
    }
  )

  test.prop([fc.constantFrom(...TEXT_TAGS.filter((t) => !["br", "hr"].includes(t))), fc.stringMatching(/^[\u4e00-\u4e2fa-z0-9 ]{1,12}$/)])(
    "keeps a text tag and its words as they are",
    (tag, words) => {
      const kept = tag === "li" ? `<ul><li>${words}</li></ul>` : `<${tag}>${words}</${tag}>`
      expect(cleanHtml(kept)).toBe(kept)
    }
  )

  it("keeps pictures from uploads and https, links to https (opened apart), and drops every other source", () => {
    expect(cleanHtml(`<img src="${UPLOAD}" alt="海报">`)).toBe(`<img src="${UPLOAD}" alt="海报" />`)
    expect(cleanHtml(`<img src="https://cdn.example.com/a.png" width="300" style="border:0" onerror="x()">`)).toBe(`<img src="https://cdn.example.com/a.png" width="300" />`)
    for (const src of ["javascript:alert(1)", "//evil.example/a.png", "/sign/../api/user", "/uploads/a.png", "http://plain.example/a.png", "data:image/png;base64,AAAA"]) {
      expect(cleanHtml(`<p>图<img src="${src}"></p>`), src).toBe("<p>图</p>")
    }
    expect(cleanHtml(`<a href="https://ok.example/x" onclick="x()">看看</a>`)).toBe(`<a href="https://ok.example/x" rel="noopener noreferrer" target="_blank">看看</a>`)
    for (const href of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "/my/token", "http://plain.example", "mailto:a@b.c", "https://user:pw@ok.example/"]) {
      expect(cleanHtml(`<a href="${href}">链接</a>`), href).toBe("<a>链接</a>")
    }
    expect(cleanHtml(`<p style="color:red" class="x" onmouseover="x()">文字</p><iframe src="https://ok.example"></iframe>`)).toBe("<p>文字</p>")
  })
})
