/**
 * E-mail addresses as the mailboxes they reach: one person's spellings of one mailbox compare
 * equal (one trial per person, limits per recipient).
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

/**
 * A stricter mailbox for limits on mail a stranger can cause (acknowledgements, bounces, who
 * unsubscribed): `normalizeEmail`, then `+tag` dropped at every domain. Most mail servers deliver
 * `victim+1@corp.example` to `victim@`, and a stranger would otherwise get a fresh limit per tag.
 * Not for one trial per person, where two people at one company may differ only after a `+`.
 */
export function mailboxKey(email: string): string {
  const mailbox = normalizeEmail(email)
  const at = mailbox.lastIndexOf('@')
  if (at <= 0) return mailbox
  const local = mailbox.slice(0, at).split('+')[0] || mailbox.slice(0, at)
  return `${local}${mailbox.slice(at)}`
}

/**
 * A big consumer provider (the ones whose tags normalizeEmail knows): its addresses are distinct
 * people, so a limit per domain there would only stop legitimate customers.
 */
export function isConsumerProvider(domain: string): boolean {
  return tagSeparator(domain) !== null
}

/** The domain of an address, lower-case, for domain rules. */
export function emailDomain(email: string): string {
  const address = email.trim().toLowerCase()
  return address.slice(address.lastIndexOf('@') + 1).replace(/\.$/, '')
}
