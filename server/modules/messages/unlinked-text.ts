import LinkifyIt from 'linkify-it'
import { createRequire } from 'node:module'

// `tlds` is a JSON file, which Node's ES module loader (what the built server runs on) refuses to
// import without an attribute that the server's bundler drops; require reads JSON as it is.
const tlds = createRequire(import.meta.url)('tlds') as string[]

// Every top-level domain (IANA's list, kept by `tlds`), so `evil.app/login` is found as surely
// as `https://evil.test/login`; bare IP addresses too, which some clients link.
const linkify = new LinkifyIt({ fuzzyIP: true }).tlds(tlds)

// The convention of security reports ("defanging"): no client links `evil[.]test`, anyone reads it.
const defang = (link: string) => link.replaceAll('.', '[.]').replace('://', '[:]//')

/**
 * A customer's words as our messages show them: every web address, domain or e-mail address in
 * them written so no mail client (nor Telegram) makes it a link, the rest untouched. Our e-mails
 * never link what a stranger wrote: a ticket's subject must not become our phishing link.
 */
export function withoutLinks(text: string): string {
  const matches = linkify.match(text)
  if (!matches) return text
  let result = ''
  let at = 0
  for (const match of matches) {
    result += text.slice(at, match.index) + defang(match.raw)
    at = match.lastIndex
  }
  return result + text.slice(at)
}
