import { z } from 'zod'

const expiresAt = z.iso.datetime()

/** What one call did to a line, in terms an admin reads ("Extended by 1 month to …"). */
export const lineEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), isTrial: z.boolean(), expiresAt }),
  z.object({ kind: z.literal('converted'), expiresAt }),
  z.object({ kind: z.literal('made_trial'), expiresAt }),
  z.object({ kind: z.literal('extended'), months: z.number().int(), expiresAt }),
  /** Its end had passed: it runs again until expiresAt. */
  z.object({ kind: z.literal('renewed'), expiresAt }),
  /** Any other move of its end (a correction, a drift put right). */
  z.object({ kind: z.literal('end_moved'), expiresAt }),
  z.object({ kind: z.literal('password_reset') }),
  /** Screens it plays on at once (its plan's). */
  z.object({ kind: z.literal('connections'), maxConnections: z.number().int() }),
  z.object({ kind: z.literal('enabled') }),
  z.object({ kind: z.literal('disabled') }),
])
export type LineEvent = z.infer<typeof lineEvent>

/** One call to the supplier's panel, as a line's history lists it (newest first). */
export const panelCall = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** The panel's action: create_line, edit_line, get_lines, user_info… */
  action: z.string(),
  lineId: z.uuid().nullable(),
  personId: z.uuid().nullable(),
  panelLineId: z.string().nullable(),
  /** STATUS_SUCCESS or the panel's STATUS_*, else timeout, unreachable or unreadable. */
  outcome: z.string(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The admin's username, or 'system' for scheduled work. */
  actor: z.string(),
  message: z.string().nullable(),
  /** What a call changing the line asked (null for reads). Never carries a password. */
  events: z.array(lineEvent).nullable(),
})
export type PanelCall = z.infer<typeof panelCall>

const monthsWord = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`

/** One event as a sentence: "Converted to paid, ends 23 Feb 2027"; dates in the reader's format. */
export function describeLineEvent(event: LineEvent, formatDate: (iso: string) => string): string {
  switch (event.kind) {
    case 'created':
      return `Created a ${event.isTrial ? 'trial' : 'paid'} line, ends ${formatDate(event.expiresAt)}`
    case 'converted':
      return `Converted to paid, ends ${formatDate(event.expiresAt)}`
    case 'made_trial':
      return `Made a trial line, ends ${formatDate(event.expiresAt)}`
    case 'extended':
      return `Extended by ${monthsWord(event.months)} to ${formatDate(event.expiresAt)}`
    case 'renewed':
      return `Renewed until ${formatDate(event.expiresAt)}`
    case 'end_moved':
      return `End moved to ${formatDate(event.expiresAt)}`
    case 'password_reset':
      return 'Password reset'
    case 'connections':
      return `Set to ${event.maxConnections} ${event.maxConnections === 1 ? 'screen' : 'screens'} at once`
    case 'enabled':
      return 'Enabled'
    case 'disabled':
      return 'Disabled'
  }
}

const actionWords: Record<string, string> = {
  create_line: 'Create the line',
  edit_line: 'Change the line',
  enable_line: 'Enable',
  disable_line: 'Disable',
  get_line: 'Read the line',
  get_lines: 'Look the line up',
}

/** A history entry's headline: what it did, in sentences, else what was asked. */
export function describePanelCall(
  call: Pick<PanelCall, 'action' | 'events'>,
  formatDate: (iso: string) => string,
): string {
  if (call.events?.length) {
    return call.events.map((event) => describeLineEvent(event, formatDate)).join('; ')
  }
  return actionWords[call.action] ?? call.action
}
