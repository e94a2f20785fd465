import { sql, type SQL } from 'drizzle-orm'
import { isIP } from 'node:net'

/**
 * The network a client address belongs to, as SQL of type `cidr`: its /24 for IPv4 and its /64
 * for IPv6 (what one household or office usually gets). Null when the address is unusable.
 */
export function clientNetwork(ip: string | undefined): SQL | null {
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d; a zone index is local only.
  const address = ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '')
  const family = address ? isIP(address) : 0
  if (family === 0) return null
  return sql`network(set_masklen(${address}::inet, ${family === 4 ? 24 : 64}))`
}
