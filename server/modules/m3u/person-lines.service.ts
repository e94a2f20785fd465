import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNotNull, or } from 'drizzle-orm'
import type { PersonLine } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import { findLine, presentPersonLine, type M3uLineRow } from './line-changes'
import {
  claimCreation,
  makeClaimedLine,
  type MakeOptions,
  type PersonLineOutcome,
} from './line-create'
import { insertLineIntent, intentBasis } from './line-intent'
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

/** The person's line as recorded, or its intent recorded now (see insertLineIntent). */
async function recordIntent(access: SupplierAccess, personId: string, createdBy: string) {
  const { db } = access
  const [person] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const existing = await findLine(db, eq(m3uLines.trialRequestId, personId))
  if (existing) return existing
  return insertLineIntent(db, await intentBasis(access), person, { createdBy, now: access.now() })
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
