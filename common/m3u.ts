import { z } from 'zod'

/** Months of service a supplier line is bought for; 99 is the supplier's demo line. */
export const m3uSubscriptionTypes = [1, 3, 6, 12, 99] as const
export type M3uSubscriptionType = (typeof m3uSubscriptionTypes)[number]
export const m3uSubscriptionLabels: Record<M3uSubscriptionType, string> = {
  1: '1 Month',
  3: '3 Months',
  6: '6 Months',
  12: '12 Months',
  99: 'Demo',
}

const subscriptionTypeMessage = 'Subscription type is required'

export const createM3uLineInput = z.object({
  subscriptionType: z.coerce
    .number({ error: subscriptionTypeMessage })
    .refine(
      (n): n is M3uSubscriptionType => (m3uSubscriptionTypes as readonly number[]).includes(n),
      {
        message: subscriptionTypeMessage,
      },
    ),
  packageId: z
    .string({ error: 'Package ID is required' })
    .trim()
    .min(1, 'Package ID is required')
    .max(100),
  notes: z
    .string()
    .trim()
    .max(1000, 'Notes must be at most 1000 characters')
    .nullish()
    .transform((notes) => notes || null),
  /** Used for this one call to the supplier; never stored, logged or returned. */
  apiKey: z.string({ error: 'API key is required' }).trim().min(1, 'API key is required').max(500),
  /** Generated once per submission, so a retried submit never buys a second line. */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
})
export type CreateM3uLineInput = z.input<typeof createM3uLineInput>

export const m3uLine = z.object({
  id: z.uuid(),
  supplierId: z.string().nullable(),
  subscriptionType: z.number(),
  packageId: z.string(),
  m3uUrl: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type M3uLine = z.infer<typeof m3uLine>

export type ParsedM3uUrl = { url: string; host: string; username: string; password: string }
export type M3uParseResult = { lines: ParsedM3uUrl[]; errors: string[] }

/**
 * Reads one M3U URL per line (spec §5), accepting get.php and player_api.php URLs and URLs
 * without a scheme. Every bad line gets the spec's message; good lines are still returned.
 */
export function parseM3uUrls(text: string): M3uParseResult {
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  if (!urls.length) return { lines: [], errors: ['Please enter at least one M3U URL'] }
  const result: M3uParseResult = { lines: [], errors: [] }
  for (const url of urls) {
    let parsed: URL
    try {
      parsed = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `http://${url}`)
      if (
        !['http:', 'https:'].includes(parsed.protocol) ||
        (!parsed.hostname.includes('.') && parsed.hostname !== 'localhost')
      ) {
        throw new Error('not a web address')
      }
    } catch {
      result.errors.push(`Invalid M3U URL format: ${url}`)
      continue
    }
    const username = parsed.searchParams.get('username')
    const password = parsed.searchParams.get('password')
    if (!username || !password) {
      result.errors.push(`Could not extract username or password from URL: ${url}`)
      continue
    }
    result.lines.push({ url, host: parsed.origin, username, password })
  }
  return result
}

/** The playlist address of a line on an Xtream-style panel. */
export function m3uPlaylistUrl(host: string, username: string, password: string): string {
  const query = new URLSearchParams({ username, password, type: 'm3u_plus', output: 'ts' })
  return `${host.replace(/\/$/, '')}/get.php?${query}`
}

/** What an admin sends a new subscriber: the playlist, the Xtream login, and the house rules. */
export function clientInstructions(
  line: ParsedM3uUrl,
  { brandName, customerName }: { brandName: string; customerName?: string },
): string {
  return [
    `Hello${customerName ? ` ${customerName}` : ''},`,
    '',
    `Welcome to ${brandName}! Here are your login details.`,
    '',
    'M3U playlist URL:',
    m3uPlaylistUrl(line.host, line.username, line.password),
    '',
    'Xtream Codes login (for apps such as IPTV Smarters or TiviMate):',
    `Server: ${line.host}`,
    `Username: ${line.username}`,
    `Password: ${line.password}`,
    '',
    'Please note:',
    '- One device per login: streaming on two devices at once will disconnect them.',
    '- A connection of at least 10 Mbps is recommended for HD.',
    '',
    'Enjoy your streaming!',
  ].join('\n')
}
