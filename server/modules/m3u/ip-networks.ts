import { isIPv4, isIPv6 } from 'node:net'

/** The eight 16-bit groups of an IPv6 address, `::` expanded; null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const [head = '', tail, extra] = ip.split('::')
  if (extra !== undefined) return null
  const part = (text: string) => (text === '' ? [] : text.split(':'))
  const heads = part(head)
  const tails = tail === undefined ? [] : part(tail)
  const missing = 8 - heads.length - tails.length
  if ((tail === undefined && missing !== 0) || missing < 0) return null
  const groups = [...heads, ...Array<string>(missing).fill('0'), ...tails].map((group) =>
    Number.parseInt(group, 16),
  )
  return groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null
}

/**
 * The network an address belongs to, as far as sharing tells homes apart: its /24 for IPv4
 * (`203.0.113.0/24`), its /48 for IPv6 (a site's prefix; `2001:db8:85a3::/48`). An IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`) is the IPv4 one; anything else is its own network.
 */
export function networkOf(address: string): string {
  const ip = address.trim().toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1]
  const v4 = mapped ?? ip
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`
  const groups = isIPv6(ip) ? ipv6Groups(ip.split('%')[0]!) : null
  if (!groups) return ip
  const prefix = groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')
  // Written as IPv6 is: trailing zero groups folded into `::`.
  return `${prefix.replace(/(:0)+$/, '')}::/48`
}
