import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNotNull, or } from 'drizzle-orm'
import { bouquetIdsOf } from '../../../common/m3u'
import type { PersonLine } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { packageIdSettingPath } from '../../../common/routes'
import { conflict, notFound, settingMissing } from '../../lib/http-error'
import { planConnections } from '../plans/plan-connections'
import { getPlatformSettings, getSupplierSettings } from '../settings/settings.service'
import { findLine, presentPersonLine, type M3uLineRow } from './line-changes'
import {
  claimCreation,
  makeClaimedLine,
  type MakeOptions,
  type PersonLineOutcome,
} from './line-create'
import { linePassword, panelNotes, subscriptionLineUsername } from './line-credentials'
import { linePlanFor } from './person-line-plan'
import { requireKey, requirePanel, type SupplierAccess } from './supplier-access'

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
  // A trial's line plays on the screens of the plan asked for; a subscription's on its plan's.
  const maxConnections = await planConnections(db, person.paidPlan ?? person.plan)
  const bouquetIds = bouquetIdsOf(packageId)
  if (!bouquetIds.length) {
    throw settingMissing(
      'Set the package ID for new lines in Business Settings first.',
      packageIdSettingPath,
    )
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
      maxConnections,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
  return (await findLine(db, eq(m3uLines.trialRequestId, personId)))!
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
