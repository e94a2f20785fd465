import { disposableEmailBlocklistSet } from 'disposable-email-domains-js'

// The community-kept disposable-email-domains list (thousands of domains, curated against false
// positives), made into a Set once, on first use; it never reaches the browser.
let blocklist: Set<string> | undefined

/**
 * The listed domain an e-mail domain belongs to (`mailinator.com` for `x.mailinator.com`), or
 * null when it is not a disposable one.
 */
export function disposableDomainOf(domain: string): string | null {
  blocklist ??= disposableEmailBlocklistSet()
  const labels = domain.toLowerCase().split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.')
    if (blocklist.has(candidate)) return candidate
  }
  return null
}
