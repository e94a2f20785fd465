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
const packageIdMessage = 'Package ID is required'
const apiKeyMessage = 'API key is required'

/** What the M3U form needs to know of the server: whether SUPPLIER_API_KEY is set. */
export const supplierConfig = z.object({ hasServerKey: z.boolean() })
export type SupplierConfig = z.infer<typeof supplierConfig>

/**
 * The M3U form and its route. The API key serves this one call and is never stored,
 * logged or returned; it may be left empty when the server holds SUPPLIER_API_KEY.
 */
export function createM3uLineInputFor({ hasServerKey }: SupplierConfig) {
  return z.object({
    subscriptionType: z.coerce
      .number({ error: subscriptionTypeMessage })
      .refine(
        (n): n is M3uSubscriptionType => (m3uSubscriptionTypes as readonly number[]).includes(n),
        { message: subscriptionTypeMessage },
      ),
    /** The panel's bouquet ids, comma-separated (`12` or `12,15`). */
    packageId: z
      .string({ error: packageIdMessage })
      .trim()
      .min(1, { error: packageIdMessage, abort: true })
      .max(100, 'Package ID must be at most 100 characters')
      .regex(/^\d+(\s*,\s*\d+)*$/, 'Package ID must be bouquet numbers separated by commas')
      .transform((ids) => bouquetIdsOf(ids).join(',')),
    notes: z
      .string()
      .trim()
      .max(1000, 'Notes must be at most 1000 characters')
      .nullish()
      .transform((notes) => notes || null),
    apiKey: z
      .string({ error: apiKeyMessage })
      .trim()
      .max(500, 'API key must be at most 500 characters')
      .optional()
      .transform((key) => key || undefined)
      .refine((key) => hasServerKey || key !== undefined, apiKeyMessage),
    /** Generated once per submission, so a retried submit never buys a second line. */
    requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
  })
}
/** The form as the spec shows it, with the API key required. */
export const createM3uLineInput = createM3uLineInputFor({ hasServerKey: false })
export type CreateM3uLineInput = z.input<typeof createM3uLineInput>

/** The bouquet ids of a package ID field. */
export function bouquetIdsOf(packageId: string): string[] {
  return packageId
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
}

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
 * Reads one M3U URL per line, accepting get.php and player_api.php URLs and URLs
 * without a scheme. Every bad line gets the specification's message; good lines are still returned.
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

/** The address an "Xtream Codes" app asks for: the panel's, which is the playlist's origin. */
export function xtreamServerUrl(m3uUrl: string): string {
  return new URL(m3uUrl).origin
}

/** The playlist address of a line on an Xtream-style panel. */
export function m3uPlaylistUrl(host: string, username: string, password: string): string {
  const query = new URLSearchParams({ username, password, type: 'm3u_plus', output: 'ts' })
  return `${host.replace(/\/$/, '')}/get.php?${query}`
}

/** The house rule on screens, in the number the customer's line (or plan) plays on at once. */
function screensRule(screens: number): string {
  if (screens === 1) {
    return '- One device per login: streaming on two devices at once will disconnect them.'
  }
  return `- Up to ${screens} devices at a time per login: streaming on ${screens + 1} at once will disconnect them.`
}

/**
 * What an admin sends a new subscriber: the playlist, the Xtream login, and the house rules.
 * `screens` is the customer's line's (or plan's) limit; unknown (null), no number is claimed.
 */
export function clientInstructions(
  line: ParsedM3uUrl,
  {
    brandName,
    customerName,
    screens,
  }: { brandName: string; customerName?: string; screens: number | null },
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
    ...(screens === null ? [] : [screensRule(screens)]),
    '- A connection of at least 10 Mbps is recommended for HD.',
    '',
    'Enjoy your streaming!',
  ].join('\n')
}
