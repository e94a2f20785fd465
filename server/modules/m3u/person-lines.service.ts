import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { bouquetIdsOf } from '../../../common/m3u'
import type { PersonLine } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import { queueLineLogin } from '../messages/outbox.service'
import { getPlatformSettings, getSupplierSettings } from '../settings/settings.service'
import {
  findLine,
  panelHoldsColumns,
  presentPersonLine,
  statusFor,
  type M3uLineRow,
} from './line-changes'
import { linePassword, panelNotes, subscriptionLineUsername } from './line-credentials'
import type { CommitOutcome } from './line-outcome'
import { lineEdit } from './line-events'
import { claimUntil, isUnclaimed, retryDelayMs } from './line-push'
import {
  isOrderLine,
  OutcomeUnknown,
  PanelError,
  type CreatedPanelLine,
  type NewPanelLine,
  type PanelLine,
} from './panel'
import { linePlanFor } from './person-line-plan'
import {
  ledgerPanel,
  operationDeadline,
  requireKey,
  requirePanel,
  type SupplierAccess,
} from './supplier-access'

export type PersonLineOutcome = {
  line: PersonLine
  isNew: boolean
  /** The deadline left the create's outcome unknown: the line is `checking` with the panel. */
  isChecking: boolean
}
type MakeOptions = {
  apiKey?: string
  actor: string
  commit: CommitOutcome
  /**
   * When the deadline leaves the create's outcome unknown: mark the line `checking` and answer
   * it, for the retry job to settle (an admin's request), rather than fail (the autopilot, which
   * retries its own queue).
   */
  checkLater?: boolean
}

/**
 * The person's line once the panel has made it, or while we check whether it did; null when they
 * have none (or it is still to be made).
 */
export async function getPersonLine(db: Db, personId: string): Promise<PersonLine | null> {
  const row = await findLine(
    db,
    and(
      eq(m3uLines.trialRequestId, personId),
      or(isNotNull(m3uLines.supplierId), eq(m3uLines.status, 'checking')),
    )!,
  )
  return row ? presentPersonLine(row) : null
}

/**
 * Records the intent to make the person's line (its username, password and plan) before any call,
 * so that a retry, or a second request racing this one, finds it and sends the same order.
 */
async function recordIntent(access: SupplierAccess, personId: string, createdBy: string) {
  const { db } = access
  const [person] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const existing = await findLine(db, eq(m3uLines.trialRequestId, personId))
  if (existing) return existing

  const now = access.now()
  const [{ trialDurationHours }, { packageId }] = await Promise.all([
    getPlatformSettings(db),
    getSupplierSettings(db),
  ])
  const plan = linePlanFor(person, trialDurationHours, now)
  const bouquetIds = bouquetIdsOf(packageId)
  if (!bouquetIds.length) {
    throw conflict('Set the package ID for new lines in Business Settings first.')
  }
  const id = randomUUID()
  const username = subscriptionLineUsername(person.subscriptionId)
  const password = linePassword(await access.passwordSecret(), id)
  await db
    .insert(m3uLines)
    .values({
      id,
      trialRequestId: personId,
      username,
      password,
      m3uUrl: requirePanel(access).playlistUrl(username, password),
      status: 'creating',
      packageId: bouquetIds.join(','),
      notes: panelNotes(person.subscriptionId, null),
      ...plan,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
  return (await findLine(db, eq(m3uLines.trialRequestId, personId)))!
}

/** Claims a line still to be made; undefined while another request is making it. */
export async function claimCreation(access: SupplierAccess, lineId: string) {
  const now = access.now()
  const [row] = await access.db
    .update(m3uLines)
    .set({ claimedUntil: claimUntil(access, now) })
    .where(and(eq(m3uLines.id, lineId), isNull(m3uLines.supplierId), isUnclaimed(now)))
    .returning()
  return row
}

/** Waits for another request making this line to finish (or give up), then reads it again. */
async function afterOtherAttempt(access: SupplierAccess, lineId: string): Promise<M3uLineRow> {
  for (;;) {
    const current = (await findLine(access.db, eq(m3uLines.id, lineId)))!
    const isHeld = current.claimedUntil !== null && current.claimedUntil >= access.now()
    if (current.supplierId || !isHeld) return current
    await sleep(100)
  }
}

/**
 * Creates the line on the panel as we hold it (disabled afterwards if ours is); the panel's line.
 * A line whose earlier create is still in doubt (`checking`) is looked up first: bought only when
 * the panel holds none. One deadline covers every call.
 */
async function createOnPanel(access: SupplierAccess, line: M3uLineRow, key: string, actor: string) {
  const panel = ledgerPanel(access, requirePanel(access), {
    actor,
    personId: line.trialRequestId,
    lineId: line.id,
  })
  const deadline = operationDeadline(access)
  const { maxConcurrentStreams } = await getPlatformSettings(access.db)
  const order: NewPanelLine = {
    username: line.username!,
    password: line.password!,
    expiresAt: line.expiresAt!,
    maxConnections: maxConcurrentStreams,
    isTrial: line.isTrial,
    bouquetIds: bouquetIdsOf(line.packageId),
    notes: line.notes ?? '',
    contact: null,
  }
  let created: CreatedPanelLine | null = null
  if (line.status === 'checking') {
    let found: PanelLine | null
    try {
      found = await panel.findLineByUsername(key, order.username, deadline)
    } catch (error) {
      if (error instanceof PanelError) throw new OutcomeUnknown(error)
      throw error
    }
    if (isOrderLine(found, order)) created = { ...found, recoveredFrom: 'checking' }
  }
  created ??= await panel.createLine(key, order, deadline)
  if (!line.isEnabled) await panel.disableLine(key, created.id, deadline)
  return { ...created, isEnabled: line.isEnabled }
}

/**
 * After a create that failed: releases the claim and keeps the intent for the next attempt. An
 * outcome the deadline left unknown marks the line `checking` (when the caller settles it later,
 * or it was already), due for another look after the retry delay; a known failure leaves it to be
 * made.
 */
async function recordFailure(
  access: SupplierAccess,
  made: M3uLineRow,
  error: PanelError,
  checkLater: boolean,
) {
  const isChecking = error instanceof OutcomeUnknown && (checkLater || made.status === 'checking')
  const now = access.now()
  const [row] = await access.db
    .update(m3uLines)
    .set({
      claimedUntil: null,
      pushAttempts: sql`${m3uLines.pushAttempts} + 1`,
      panelError: error.message,
      status: isChecking ? 'checking' : 'creating',
      nextPushAt: isChecking ? new Date(now.getTime() + retryDelayMs(made.pushAttempts + 1)) : null,
      updatedAt: now,
    })
    .where(eq(m3uLines.id, made.id))
    .returning()
  return { row: row!, isChecking }
}

/** Whether the line the panel holds now differs from ours (one an earlier attempt made). */
function differsFromOurs(created: CreatedPanelLine, ours: M3uLineRow) {
  // The password stays the panel's (see below): not a difference to push.
  const edit = lineEdit({ ...created, password: null }, { ...ours, password: null })
  return Object.keys(edit).length > 0
}

/**
 * Makes a claimed line on the panel, with no transaction open, then records it with its login
 * e-mail. See makeLineOnPanel.
 */
export async function makeClaimedLine(
  access: SupplierAccess,
  made: M3uLineRow,
  key: string,
  { actor, commit, checkLater = false }: MakeOptions,
): Promise<PersonLineOutcome> {
  let created: CreatedPanelLine
  try {
    created = await createOnPanel(access, made, key, actor)
  } catch (error) {
    if (!(error instanceof PanelError)) throw error
    const { row, isChecking } = await recordFailure(access, made, error, checkLater)
    if (!isChecking || !checkLater) throw error
    return commit(
      made.id,
      async () => ({ line: presentPersonLine(row), isNew: false, isChecking: true }),
      { outcome: 'pending' },
    )
  }
  const now = access.now()
  const differs = differsFromOurs(created, made)
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
          status: statusFor(m3uLines.isEnabled, true),
          // A change made while the panel was creating the line is pushed after this; so is
          // ours where the line an earlier attempt made (of an older state) differs from it.
          pushedRevision: made.revision,
          ...(differs ? { revision: made.revision + 1, nextPushAt: now } : {}),
          claimedUntil: null,
          pushAttempts: 0,
          panelError: null,
          updatedAt: now,
        })
        .where(eq(m3uLines.id, made.id))
        .returning()
      // The customer's login by e-mail, committed with the line it describes.
      await queueLineLogin(tx, made.id, now)
      return { line: presentPersonLine(row!), isNew: true, isChecking: false }
    },
    { outcome: 'completed' },
  )
}

/**
 * Makes a recorded line on the panel, once: the first request claims it and calls the panel with
 * no transaction open; one arriving meanwhile waits for it and answers the same line. A failure
 * releases the claim and keeps the intent, so the next attempt sends the same order (and the panel
 * adapter finds a line made by an attempt whose answer was lost).
 */
export async function makeLineOnPanel(
  access: SupplierAccess,
  intent: M3uLineRow,
  options: MakeOptions,
): Promise<PersonLineOutcome> {
  const key = requireKey(access, options.apiKey)
  if (!intent.username || !intent.password || !intent.expiresAt) {
    throw conflict('This line has no login recorded here, so it cannot be made again.')
  }
  let line = intent
  let claimed: M3uLineRow | undefined
  while (!line.supplierId && !(claimed = await claimCreation(access, line.id))) {
    line = await afterOtherAttempt(access, line.id)
  }
  if (!claimed) {
    const made = presentPersonLine(line)
    return options.commit(line.id, async () => ({ line: made, isNew: false, isChecking: false }), {
      outcome: 'replayed',
    })
  }
  return makeClaimedLine(access, claimed, key, options)
}

/**
 * Makes the person's line: a trial line for a trial, a paid line to the end of an active
 * subscription. Asked again it answers the line it made and buys nothing; two requests at once
 * buy one line.
 */
export async function createPersonLine(
  access: SupplierAccess,
  personId: string,
  options: MakeOptions,
): Promise<PersonLineOutcome> {
  requirePanel(access)
  requireKey(access, options.apiKey)
  return makeLineOnPanel(access, await recordIntent(access, personId, options.actor), options)
}
