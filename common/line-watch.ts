import { z } from 'zod'

/** One connection watching a line now, as the supplier panel reported it. */
export const lineConnection = z.object({
  /** The channel or title being watched. */
  stream: z.string(),
  /** The player's user agent. */
  player: z.string(),
  /** The viewer's address; on the customer's own page, masked to its first two parts. */
  ip: z.string(),
  /** ISO 3166 alpha-2, when the panel knows it. */
  country: z.string().nullable(),
  startedAt: z.iso.datetime(),
})
export type LineConnection = z.infer<typeof lineConnection>

/**
 * Who watches a line now: the panel's last reading (read at most once a minute) and when it was
 * made. A panel that does not answer leaves the last reading, so `readAt` says how old it is;
 * null when the panel was never read.
 */
export const lineConnections = z.object({
  readAt: z.iso.datetime().nullable(),
  /** Screens the line plays on at once. */
  maxConnections: z.number().int(),
  connections: z.array(lineConnection),
})
export type LineConnections = z.infer<typeof lineConnections>

/**
 * An address as a customer may see it: its first two parts (`203.0.x.x`, `2001:db8:…`), enough to
 * tell home from elsewhere, never enough to find anyone.
 */
export function maskedIp(ip: string): string {
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((group) => group !== '')
    return `${groups.slice(0, 2).join(':')}:…`
  }
  const octets = ip.split('.')
  return octets.length === 4 ? `${octets[0]}.${octets[1]}.x.x` : 'x.x.x.x'
}

/** "Watching now on N of M screens". */
export const watchingNowText = (watching: number, screens: number) =>
  `Watching now on ${watching} of ${screens} ${screens === 1 ? 'screen' : 'screens'}`
