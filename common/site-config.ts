// No zod here on purpose: public pages import this, and zod is heavy for a two-field type.

/** What the browser needs to know about this installation, embedded in the HTML by the server. */
export type SiteConfig = { brandName: string; supportEmail: string }

export const siteConfigElementId = 'site-config'

export const defaultSiteConfig: SiteConfig = {
  brandName: 'StreamLine',
  supportEmail: 'support@example.com',
}

const htmlUnsafe = /[<>&\u2028\u2029]/g

/**
 * A non-executing JSON data block, so a strict CSP needs no inline-script exception. `<`, `>`,
 * `&` and U+2028/9 are written as escapes: no text in the value can close the tag.
 */
export function jsonDataTag(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(
    htmlUnsafe,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  return `<script type="application/json" id="${id}">${json}</script>`
}

export const siteConfigTag = (config: SiteConfig) => jsonDataTag(siteConfigElementId, config)
