import { PanelError, type PanelActivity, type PanelConnection, type PanelLine } from './panel'

/**
 * Reading an XUI.ONE answer (docs/supplier-panel.md §2): JSON `{status, data}` or
 * `{status, error}`, lines with string fields. Every message is built here from fixed text and the
 * panel's own words, never from a fetch error, whose text can carry the URL and so the API key.
 */

export const successStatus = 'STATUS_SUCCESS'

const fallbackWords: Record<string, string> = {
  STATUS_INSUFFICIENT_CREDITS: 'Not enough credits on the supplier panel.',
  STATUS_EXISTS_USERNAME: 'This username is already taken on the supplier panel.',
  STATUS_INVALID_INPUT: 'The supplier panel found the request incomplete or invalid.',
  STATUS_INVALID_DATE: 'The supplier panel refused the expiry date.',
  STATUS_FAILURE: 'The supplier panel refused the request.',
}

const maxWords = 200

/** The panel's own words, tidied: no markup or control characters, bounded, never the key. */
function panelWords(error: unknown, apiKey: string): string | null {
  if (typeof error !== 'string') return null
  let words = error
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (apiKey) words = words.replaceAll(apiKey, '[redacted]')
  if (words.length > maxWords) words = `${words.slice(0, maxWords - 1)}…`
  return words || null
}

export function unreadable(httpStatus: number): PanelError {
  return new PanelError(
    'unreadable',
    `The supplier panel sent an answer we could not read (HTTP ${httpStatus}).`,
    null,
    httpStatus,
  )
}

/** A fetch that failed before an answer came: timed out, refused, reset. */
export function transportFailure(error: unknown): PanelError {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new PanelError('timeout', 'The supplier panel did not answer in time. Please try again.')
  }
  return new PanelError('unreachable', 'Could not reach the supplier panel. Please try again.')
}

/** The `data` of a successful answer; any other answer becomes a PanelError. */
export function answerData(httpStatus: number, text: string, apiKey: string): unknown {
  let answer: { status?: unknown; error?: unknown; data?: unknown }
  try {
    answer = JSON.parse(text) as typeof answer
  } catch {
    answer = {}
  }
  const status = answer && typeof answer.status === 'string' ? answer.status : null
  const isHttpSuccess = httpStatus >= 200 && httpStatus < 300
  if (status === successStatus && isHttpSuccess) return answer.data
  if (!status || status === successStatus) {
    if (httpStatus === 401 || httpStatus === 403) {
      throw new PanelError(
        'refused',
        `The supplier panel refused the API key (HTTP ${httpStatus}).`,
        null,
        httpStatus,
      )
    }
    throw unreadable(httpStatus)
  }
  const words =
    panelWords(answer.error, apiKey) ??
    fallbackWords[status] ??
    `The supplier panel refused the request (${status.slice(0, 40)}).`
  throw new PanelError('refused', words, status.slice(0, 40), httpStatus)
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null

function bouquetIds(value: unknown): string[] {
  let ids = value
  if (typeof value === 'string') {
    try {
      ids = JSON.parse(value || '[]')
    } catch {
      return []
    }
  }
  return Array.isArray(ids) ? ids.map(text).filter((id): id is string => id !== null) : []
}

/** One line of get_line/get_lines; a line without an id or username is unreadable. */
export function panelLine(raw: unknown, httpStatus: number): PanelLine {
  const fields = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const id = text(fields.id)
  const username = text(fields.username)
  if (!id || !username) throw unreadable(httpStatus)
  const expiry = Number(fields.exp_date)
  return {
    id,
    username,
    password: text(fields.password) ?? '',
    expiresAt: expiry > 0 ? new Date(expiry * 1000) : null,
    maxConnections: Number(fields.max_connections) || 0,
    isTrial: text(fields.is_trial) === '1',
    isEnabled: text(fields.enabled) !== '0',
    bouquetIds: bouquetIds(fields.bouquet),
    notes: text(fields.notes) ?? '',
  }
}

/** get_lines' data: a list, or (PHP arrays with gaps in their keys) an object of lines. */
export function panelLines(data: unknown, httpStatus: number): PanelLine[] {
  if (data === null || data === undefined) return []
  if (typeof data !== 'object') throw unreadable(httpStatus)
  return Object.values(data).map((raw) => panelLine(raw, httpStatus))
}

/** user_info's credits: a reseller's number, or null for an admin's account (unknown, not 0). */
export function accountCredits(data: unknown): number | null {
  const raw = (data as { credits?: unknown } | null)?.credits
  const credits = typeof raw === 'string' && raw.trim() ? Number(raw) : raw
  return typeof credits === 'number' && Number.isFinite(credits) ? credits : null
}

/** A Unix-seconds field as a date; unreadable when absent or not a number. */
function secondsField(value: unknown, httpStatus: number): Date {
  const secondsValue = Number(text(value))
  if (!text(value) || !Number.isFinite(secondsValue)) throw unreadable(httpStatus)
  return new Date(secondsValue * 1000)
}

/** One row of live_connections (the panel's `lines_live`): a line id and an address at least. */
export function panelConnection(raw: unknown, httpStatus: number): PanelConnection {
  const fields = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const lineId = text(fields.user_id)
  const ip = text(fields.user_ip)
  if (!lineId || !ip) throw unreadable(httpStatus)
  const country = text(fields.geoip_country_code)?.trim().toUpperCase() ?? ''
  return {
    lineId,
    stream: text(fields.stream_display_name) ?? '',
    player: text(fields.user_agent) ?? '',
    ip,
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    startedAt: secondsField(fields.date_start, httpStatus),
  }
}

/** One row of activity_logs (the panel's `lines_activity`): a connection with its end. */
export function panelActivity(raw: unknown, httpStatus: number): PanelActivity {
  const fields = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const id = text(fields.activity_id)
  if (!id) throw unreadable(httpStatus)
  return {
    ...panelConnection(raw, httpStatus),
    id,
    endedAt: secondsField(fields.date_end, httpStatus),
  }
}

/** A table action's rows (live_connections, activity_logs): a list, or an object of rows. */
export function tableRows<T>(
  data: unknown,
  httpStatus: number,
  row: (raw: unknown, httpStatus: number) => T,
): T[] {
  if (data === null || data === undefined) return []
  if (typeof data !== 'object') throw unreadable(httpStatus)
  return Object.values(data).map((raw) => row(raw, httpStatus))
}
