/**
 * One free trial per person (DESIGN.md §4): the keys under which two requests count as the same
 * person. Each is a canonical spelling of a contact, or null where none can be derived.
 * docs/decisions/0007-one-trial-per-person.md explains which providers are folded and why.
 */

// Mailboxes where everything from the first separator to the @ is a tag the owner chose freely.
const gmailDomains = new Set(['gmail.com', 'googlemail.com'])
const plusAddressingDomains = new Set([
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'fastmail.fm',
  'protonmail.com',
  'protonmail.ch',
  'proton.me',
  'pm.me',
  'yandex.com',
  'yandex.ru',
  'ya.ru',
  'zoho.com',
])
// Microsoft's consumer domains exist under many country endings (hotmail.co.uk, live.fr, …).
const microsoftDomain = /^(?:outlook|hotmail|live)\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/
// Yahoo's disposable addresses are `basename-keyword@`; Yahoo IDs themselves have no hyphen.
const yahooDomain = /^yahoo\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/

function tagSeparator(domain: string): string | null {
  if (gmailDomains.has(domain) || plusAddressingDomains.has(domain)) return '+'
  if (microsoftDomain.test(domain)) return '+'
  if (yahooDomain.test(domain)) return '-'
  return null
}

/**
 * The mailbox an address reaches: lower-case; for Gmail without dots, +tag and googlemail.com;
 * without the tag at providers with sub-addressing. `John.Smith+tv@GoogleMail.com` →
 * `johnsmith@gmail.com`.
 */
export function normalizeEmail(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at <= 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1).replace(/\.$/, '')
  const separator = tagSeparator(domain)
  if (separator) local = local.split(separator)[0] || local
  if (gmailDomains.has(domain)) {
    domain = 'gmail.com'
    local = local.replaceAll('.', '')
  }
  return `${local}@${domain}`
}

/** The domain of an address, lower-case, for domain rules. */
export function emailDomain(email: string): string {
  const address = email.trim().toLowerCase()
  return address.slice(address.lastIndexOf('@') + 1).replace(/\.$/, '')
}

// Telegram usernames start with a letter; real ones have 5–32 characters, kept lenient here.
const telegramUsername = /^[a-z][a-z0-9_]{2,31}$/
const telegramLink = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\//

/** A Telegram username from `@Name`, `name`, or a t.me link: `name`. Null if it is none. */
export function normalizeTelegram(handle: string | null | undefined): string | null {
  if (!handle) return null
  const name = handle
    .trim()
    .toLowerCase()
    .replace(telegramLink, '')
    .replace(/^@/, '')
    .replace(/[/?#].*$/, '')
  return telegramUsername.test(name) ? name : null
}

const whatsappLink = /^(?:https?:\/\/)?(?:wa\.me\/|api\.whatsapp\.com\/send\/?\?phone=)\+?(\d+)/
const e164 = /^\+[1-9]\d{6,14}$/

/**
 * A WhatsApp number in E.164 (`+447700900123`) from `+44 (0)7700 900-123`, `0044 7700 900123`
 * or a wa.me link. Null without a country code: no default country can be assumed here.
 */
export function normalizeWhatsapp(number: string | null | undefined): string | null {
  if (!number) return null
  const text = number.trim().toLowerCase()
  const linked = whatsappLink.exec(text)?.[1]
  if (linked) return e164.test(`+${linked}`) ? `+${linked}` : null
  // "+44 (0)20…": the bracketed trunk zero is dialled only from inside the country.
  const digits = text
    .replace(/^(\+|00)(\d{1,3})[\s.-]*\(0\)/, '$1$2')
    .replace(/[\s.\-/()]/g, '')
    .replace(/^00/, '+')
  return e164.test(digits) ? digits : null
}

export type PersonKeys = { email: string; telegram: string | null; whatsapp: string | null }

/** The keys under which a request's contacts are compared with earlier requests. */
export function personKeys(contacts: {
  email: string
  telegram?: string | null
  whatsapp?: string | null
}): PersonKeys {
  return {
    email: normalizeEmail(contacts.email),
    telegram: normalizeTelegram(contacts.telegram),
    whatsapp: normalizeWhatsapp(contacts.whatsapp),
  }
}
