import { and, eq, isNull, sql } from 'drizzle-orm'
import { bouquetIdsOf } from '../../../common/m3u'
import type { PersonLine } from '../../../common/person-lines'
import { m3uLines } from '../../db/schema/m3u-lines'
import { leaseUntil } from '../../lib/lease'
import { queueLineLogin } from '../messages/outbox.service'
import { getPlatformSettings } from '../settings/settings.service'
import {
  findLine,
  panelHoldsColumns,
  presentPersonLine,
  statusFor,
  type M3uLineRow,
} from './line-changes'
import { lineEdit } from './line-events'
import type { CommitOutcome } from './line-outcome'
import { holdLine, isUnclaimed, logTakenOver, type LineHold } from './line-claim'
import { retryDelayMs } from './line-push'
import {
  findOrderLine,
  OutcomeUnknown,
  PanelError,
  perRequest,
  type CreatedPanelLine,
  type NewPanelLine,
} from './panel'
import {
  ledgerPanel,
  operationDeadline,
  requirePanel,
  type SupplierAccess,
} from './supplier-access'

export type PersonLineOutcome = {
  line: PersonLine
  isNew: boolean
  /** The deadline left the create's outcome unknown: the line is `checking` with the panel. */
  isChecking: boolean
  /** Why the line was not bought (the panel holds none and nobody should get it now). */
  notBought?: string
}

export type MakeOptions = {
  apiKey?: string
  actor: string
  commit: CommitOutcome
  /**
   * When the deadline leaves the create's outcome unknown: mark the line `checking` and answer
   * it, for the retry job to settle (an admin's request), rather than fail (the autopilot, which
   * retries its own queue).
   */
  checkLater?: boolean
  /**
   * Background work nobody waits for (the retry job): each request to the panel gets the whole
   * SUPPLIER_TIMEOUT_MS, so that a look-up through a large account's pages can end.
   */
  isBackground?: boolean
  /**
   * Why nobody should get the line now (the person was deleted or rejected, their trial or
   * subscription ended): it is only looked up, recorded (disabled, no login sent) if the panel
   * holds it, never bought.
   */
  notBuying?: string | null
}

/**
 * Claims a line still to be made, for one lease (renewed while the panel is called: see
 * makeClaimedLine); undefined while another request is making it. A claim that lapsed (its
 * maker died, maybe after the panel made the line) leaves the line in doubt: it becomes
 * `checking`, so it is looked up on the panel before it is bought.
 */
export async function claimCreation(access: SupplierAccess, lineId: string) {
  const now = access.now()
  const [row] = await access.db
    .update(m3uLines)
    .set({
      claimedUntil: leaseUntil(now),
      // The row as it was: a claim still recorded was never released by its holder.
      status: sql`case when ${m3uLines.claimedUntil} is null then ${m3uLines.status} else 'checking' end`,
    })
    .where(and(eq(m3uLines.id, lineId), isNull(m3uLines.supplierId), isUnclaimed(now)))
    .returning()
  return row
}

/**
 * The panel's line for ours, as the panel holds it (it may differ from ours: see makeClaimedLine),
 * or null when it holds none and `notBuying` says not to buy it. A line whose earlier create is
 * still in doubt (`checking`) is looked up first: bought only when the panel holds none.
 */
async function createOnPanel(
  access: SupplierAccess,
  line: M3uLineRow,
  key: string,
  { actor, isBackground, notBuying }: MakeOptions,
): Promise<CreatedPanelLine | null> {
  const panel = ledgerPanel(access, requirePanel(access), {
    actor,
    personId: line.trialRequestId,
    lineId: line.id,
  })
  const deadline = isBackground ? perRequest : operationDeadline(access)
  // A line recorded before plans carried connections gets the Business Settings' default.
  const maxConnections =
    line.maxConnections ?? (await getPlatformSettings(access.db)).maxConcurrentStreams
  const order: NewPanelLine = {
    username: line.username!,
    password: line.password!,
    expiresAt: line.expiresAt!,
    maxConnections,
    isTrial: line.isTrial,
    bouquetIds: bouquetIdsOf(line.packageId),
    notes: line.notes ?? '',
    contact: null,
  }
  if (line.status === 'checking') {
    const find = (username: string) => panel.findLineByUsername(key, username, deadline)
    const found = await findOrderLine(find, order, deadline)
    if (found) return { ...found, recoveredFrom: 'checking' }
  }
  if (notBuying) return null
  return panel.createLine(key, order, deadline)
}

/**
 * The line as another process left it, after this holder's outcome matched nothing: that process
 * took the work over (this holder's lease lapsed) and records its own outcome.
 */
async function takenOver(access: SupplierAccess, lineId: string) {
  logTakenOver(access, lineId)
  return (await findLine(access.db, eq(m3uLines.id, lineId)))!
}

/**
 * After a create that failed: releases the claim and keeps the intent for the next attempt. A line
 * in doubt stays `checking` (whatever failed, the panel may hold it), and so does one whose create
 * the deadline left unknown when the caller settles it later; both are due for another look after
 * the retry delay, as is a line the system owes (a settled payment's). A known failure of another
 * line leaves it to be made by an admin.
 */
async function recordFailure(
  access: SupplierAccess,
  made: M3uLineRow,
  hold: LineHold,
  error: PanelError,
  checkLater: boolean,
) {
  const isChecking = made.status === 'checking' || (error instanceof OutcomeUnknown && checkLater)
  const now = access.now()
  const [row] = await access.db
    .update(m3uLines)
    .set({
      claimedUntil: null,
      pushAttempts: sql`${m3uLines.pushAttempts} + 1`,
      panelError: error.message,
      status: isChecking ? 'checking' : 'creating',
      nextPushAt:
        isChecking || made.nextPushAt
          ? new Date(now.getTime() + retryDelayMs(made.pushAttempts + 1))
          : null,
      updatedAt: now,
    })
    .where(hold.isHeld())
    .returning()
  return row ?? takenOver(access, made.id)
}

/** Whether the line the panel holds differs from ours (one an earlier attempt made, or disabled). */
function differsFromOurs(created: CreatedPanelLine, ours: M3uLineRow) {
  // The password stays the panel's (see makeClaimedLine): not a difference to push.
  const edit = lineEdit({ ...created, password: null }, { ...ours, password: null })
  return Object.keys(edit).length > 0 || created.isEnabled !== ours.isEnabled
}

/**
 * The panel holds none and nobody should get it: the line goes back to be made (by an admin, who
 * decides), saying why; the retry job leaves it alone.
 */
async function recordNotBought(
  access: SupplierAccess,
  made: M3uLineRow,
  hold: LineHold,
  reason: string,
) {
  const now = access.now()
  const [row] = await access.db
    .update(m3uLines)
    .set({
      claimedUntil: null,
      status: 'creating',
      panelError: reason,
      nextPushAt: null,
      updatedAt: now,
    })
    .where(hold.isHeld())
    .returning()
  return row ?? takenOver(access, made.id)
}

/**
 * Makes a claimed line on the panel, with no transaction open, then records it with its login
 * e-mail. The panel's word on it is recorded as it is; where ours differs (a line an earlier
 * attempt made of an older state, or ours disabled) the difference is left to the push path, so
 * that a failure there never loses the line bought. See makeLineOnPanel.
 */
export async function makeClaimedLine(
  access: SupplierAccess,
  made: M3uLineRow,
  key: string,
  options: MakeOptions,
): Promise<PersonLineOutcome> {
  const { commit, checkLater = false, notBuying } = options
  const hold = holdLine(access, made)
  let created: CreatedPanelLine | null
  try {
    created = await hold.whileHeld(() => createOnPanel(access, made, key, options))
  } catch (error) {
    if (!(error instanceof PanelError)) throw error
    const row = await recordFailure(access, made, hold, error, checkLater)
    if (!checkLater || !(error instanceof OutcomeUnknown)) throw error
    return commit(
      made.id,
      async () => ({ line: presentPersonLine(row), isNew: false, isChecking: true }),
      { outcome: 'pending' },
    )
  }
  if (!created) {
    const row = await recordNotBought(access, made, hold, notBuying!)
    const line = presentPersonLine(row)
    return commit(
      made.id,
      async () => ({ line, isNew: false, isChecking: false, notBought: notBuying! }),
      {
        outcome: 'skipped',
      },
    )
  }
  const now = access.now()
  // A line nobody should get is recorded disabled; the push path disables it on the panel.
  const ours = notBuying ? { ...made, isEnabled: false } : made
  const differs = differsFromOurs(created, ours)
  return commit(
    made.id,
    async (tx) => {
      const [row] = await tx
        .update(m3uLines)
        .set({
          supplierId: created.id,
          // A line an earlier attempt made under another secret keeps the panel's password.
          ...(created.password === made.password
            ? {}
            : {
                password: created.password,
                m3uUrl: requirePanel(access).playlistUrl(created.username, created.password),
              }),
          ...panelHoldsColumns(created, now),
          ...(notBuying ? { isEnabled: false } : {}),
          status: statusFor(notBuying ? false : m3uLines.isEnabled, true),
          // A change made while the panel was creating the line is pushed after this; so is ours
          // where the panel's line differs from it. Raised from the row as it is now, never back.
          pushedRevision: made.revision,
          ...(differs ? { revision: sql`${m3uLines.revision} + 1` } : {}),
          // Owed no more; due at once when ours differs (a change made meanwhile is due anyway).
          nextPushAt: differs ? now : null,
          pushAttempts: 0,
          panelError: null,
          updatedAt: now,
        })
        // Recorded once, whoever holds the claim now: another attempt whose claim lapsed may have
        // recorded it first, or one that took this holder's over may still be at the panel.
        .where(and(eq(m3uLines.id, made.id), isNull(m3uLines.supplierId)))
        .returning()
      await hold.release(tx)
      if (!row) {
        const current = (await findLine(tx, eq(m3uLines.id, made.id)))!
        return { line: presentPersonLine(current), isNew: false, isChecking: false }
      }
      // The customer's login by e-mail, committed with the line it describes.
      if (!notBuying) await queueLineLogin(tx, made.id, now)
      return { line: presentPersonLine(row), isNew: true, isChecking: false }
    },
    { outcome: 'completed' },
  )
}
