/**
 * The announcement content cleaner (`ContentCleaner`) with sanitize-html, applying the core's lists: text tags and
 * lists with no attributes; `img` with an allowed source (else dropped); `a` with an https address (else its text
 * alone), opening apart from the page and telling it nothing. Anything else goes, the text of scripts, styles
 * and frames with it.
 */
import { Effect } from "effect"
import sanitizeHtml from "sanitize-html"
import { ATTRIBUTE_TAGS, ContentCleaner, isAllowedImageSrc, isAllowedLinkHref, TEXT_TAGS } from "#src/home/activity-content"

const LINK_REL = "noopener noreferrer"

const options: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...Object.keys(ATTRIBUTE_TAGS)],
  allowedAttributes: { img: [...ATTRIBUTE_TAGS.img], a: [...ATTRIBUTE_TAGS.a, "rel", "target"] },
  allowedSchemes: ["https"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  // elements whose text is code or hidden, never shown as text
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "frame", "frameset", "object", "embed", "template", "title", "xmp", "noembed", "noframes", "svg", "math"],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs
      const titled: sanitizeHtml.Attributes = title === undefined ? {} : { title }
      return { tagName, attribs: isAllowedLinkHref(href) ? { ...titled, href: href!.trim(), rel: LINK_REL, target: "_blank" } : titled }
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs
      return { tagName, attribs: isAllowedImageSrc(src) ? { src: src!.trim(), ...rest } : rest }
    }
  },
  // a picture without an allowed source is no picture
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageSrc(frame.attribs.src)
}

export const cleanHtml = (html: string): string => sanitizeHtml(html, options)

export const htmlCleaner = ContentCleaner.of({ clean: (html) => Effect.sync(() => cleanHtml(html)) })
