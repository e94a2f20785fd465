import type { LineEvent } from '../../../common/panel-calls'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import type { PanelLineChanges } from './panel'

/** The panel's state of a line as it last told us; a null field is not known. */
export type PanelHeld = {
  expiresAt: Date | null
  isEnabled: boolean | null
  isTrial: boolean | null
  password: string | null
  maxConnections: number | null
}

/** What we want the panel to hold for a line. */
export type LineWanted = {
  expiresAt: Date | null
  isEnabled: boolean
  isTrial: boolean
  password: string | null
  /** Null: a line made before plans carried connections, left as the panel holds it. */
  maxConnections: number | null
}

// The panel keeps whole seconds.
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
const maxMonths = 120

/**
 * edit_line's fields for what differs between the panel's last word and ours, and nothing else:
 * an unchanged password is never sent again. A field the panel never told us is sent.
 */
export function lineEdit(held: PanelHeld, wanted: LineWanted): PanelLineChanges {
  const edit: PanelLineChanges = {}
  if (
    wanted.expiresAt &&
    (!held.expiresAt || seconds(held.expiresAt) !== seconds(wanted.expiresAt))
  )
    edit.expiresAt = wanted.expiresAt
  if (held.isTrial !== wanted.isTrial) edit.isTrial = wanted.isTrial
  if (wanted.password && held.password !== wanted.password) edit.password = wanted.password
  if (wanted.maxConnections !== null && held.maxConnections !== wanted.maxConnections) {
    edit.maxConnections = wanted.maxConnections
  }
  return edit
}

/** Whole calendar months from `from` to `to`, when that is what it is. */
function wholeMonths(from: Date, to: Date): number | null {
  for (let months = 1; months <= maxMonths; months++) {
    const end = seconds(addCalendarMonths(from, months))
    if (end === seconds(to)) return months
    if (end > seconds(to)) return null
  }
  return null
}

function expiryEvent(before: Date | null, after: Date, now: Date): LineEvent {
  const expiresAt = after.toISOString()
  if (before && after > before) {
    if (before <= now) return { kind: 'renewed', expiresAt }
    const months = wholeMonths(before, after)
    if (months) return { kind: 'extended', months, expiresAt }
  }
  return { kind: 'end_moved', expiresAt }
}

/**
 * An edit_line in words: converted (with its end), extended by whole months, renewed after it
 * ended, its end moved, its password reset. `before` is the panel's last word (null: unknown).
 */
export function lineEditEvents(
  before: PanelHeld | null,
  edit: PanelLineChanges,
  now: Date,
): LineEvent[] {
  const events: LineEvent[] = []
  const end = edit.expiresAt ?? before?.expiresAt ?? null
  if (edit.isTrial !== undefined && end) {
    events.push({ kind: edit.isTrial ? 'made_trial' : 'converted', expiresAt: end.toISOString() })
  } else if (edit.expiresAt) {
    events.push(expiryEvent(before?.expiresAt ?? null, edit.expiresAt, now))
  }
  if (edit.password) events.push({ kind: 'password_reset' })
  if (edit.maxConnections) events.push({ kind: 'connections', maxConnections: edit.maxConnections })
  return events
}
