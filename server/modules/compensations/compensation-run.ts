import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { compensationItems, compensations } from '../../db/schema/compensations'
import { m3uLines } from '../../db/schema/m3u-lines'
import { retryOnDeadlock } from '../../lib/database-errors'
import { isUnclaimedAt, leaseUntil, pollMs, whileRenewing } from '../../lib/lease'
import { recordSystemAudit } from '../audit/audit.service'
import { findLine } from '../m3u/line-changes'
import { systemOutcome } from '../m3u/line-outcome'
import { pushLine } from '../m3u/line-push'
import { pacedPanel } from '../m3u/paced-panel'
import { supplierAccess, type SupplierAccess } from '../m3u/supplier-access'
import { queueMessage } from '../messages/outbox.service'
import { compensateSubscription } from '../subscriptions/subscription-compensate'

type Compensation = typeof compensations.$inferSelect
type Item = typeof compensationItems.$inferSelect

const batchSize = 200
const pacedByApp = new WeakMap<FastifyInstance, SupplierAccess>()

/** The supplier access of bulk work: its panel paced to SUPPLIER_REQUESTS_PER_SECOND. */
function pacedAccess(app: FastifyInstance): SupplierAccess {
  let access = pacedByApp.get(app)
  if (!access) {
    const shared = supplierAccess(app)
    const panel = shared.panel && pacedPanel(shared.panel, app.config.supplierRequestsPerSecond)
    access = { ...shared, panel }
    pacedByApp.set(app, access)
  }
  return access
}

/**
 * Claims the oldest unfinished compensation when nobody holds it: one at a time in the whole
 * installation, so that its pace is the panel's whole load from bulk work.
 */
async function claimOldest(db: Db, now: Date): Promise<Compensation | undefined> {
  const oldest = db
    .select({ id: compensations.id })
    .from(compensations)
    .where(isNull(compensations.finishedAt))
    .orderBy(asc(compensations.createdAt), asc(compensations.id))
    .limit(1)
  const [claimed] = await db
    .update(compensations)
    .set({ claimedUntil: leaseUntil(now) })
    .where(and(inArray(compensations.id, oldest), isUnclaimedAt(compensations.claimedUntil, now)))
    .returning()
  return claimed
}

/**
 * Moves one subscription's end date (with its line's desired expiry, its zero-amount renewal, its
 * line in the trail and its message) in one transaction, unless another runner did: the item is
 * locked and must still be pending. Answers the item as it then stands.
 */
async function extendItem(app: FastifyInstance, compensation: Compensation, item: Item) {
  return retryOnDeadlock(() =>
    app.db.transaction(async (tx) => {
      const where = and(
        eq(compensationItems.compensationId, item.compensationId),
        eq(compensationItems.trialRequestId, item.trialRequestId),
      )
      const [current] = await tx.select().from(compensationItems).where(where).for('update')
      if (current?.state !== 'pending') return current
      const now = app.now()
      const result = await compensateSubscription(tx, item.trialRequestId, compensation, now)
      if (result.outcome === 'skipped') {
        const [skipped] = await tx
          .update(compensationItems)
          .set({ state: 'skipped', problem: result.reason })
          .where(where)
          .returning()
        return skipped
      }
      const { newEnd, lineId, person } = result
      if (!result.isReplay) {
        const details = {
          compensation: {
            id: compensation.id,
            days: compensation.days,
            newEnd: newEnd.toISOString(),
            orderedBy: compensation.createdBy,
          },
        }
        const entry = { action: 'trial_request.compensate', entityId: item.trialRequestId, details }
        await recordSystemAudit(tx, [entry], 'trial_request', now)
        if (compensation.notify) {
          const message = {
            kind: 'compensation_days' as const,
            recipient: person.email,
            trialRequestId: item.trialRequestId,
            variables: {
              daysAdded: String(compensation.days),
              endAt: newEnd.toISOString(),
              planName: person.paidPlan ?? '',
            },
          }
          await queueMessage(tx, message, now)
        }
      }
      const [extended] = await tx
        .update(compensationItems)
        .set({ state: 'extended', lineId, newEnd })
        .where(where)
        .returning()
      return extended
    }),
  )
}

/**
 * Makes the panel hold the line's new expiry. The push reads the line first and sends only what
 * differs, so a push again after a crash (the panel may have taken the first) edits nothing more.
 * A line not on the panel yet is done: it is made with the subscription's end. `busy`: another
 * process holds the line now (one that died loses it within a lease); it is tried again.
 */
async function pushItem(app: FastifyInstance, item: Item): Promise<'settled' | 'busy'> {
  const line = item.lineId ? await findLine(app.db, eq(m3uLines.id, item.lineId)) : undefined
  let state: 'done' | 'failed' = 'done'
  let problem: string | null = null
  if (line?.supplierId) {
    const pushed = await pushLine(pacedAccess(app), line.id, {
      actor: 'system',
      commit: systemOutcome(app.db, 'm3u_line.compensate', app.now),
    })
    if (pushed.outcome === 'busy') return 'busy'
    // The line keeps its own retry (with backoff); the compensation counts it failed.
    if (pushed.outcome === 'pending') {
      state = 'failed'
      problem = pushed.failure?.message ?? pushed.line.panelError
    }
  }
  await app.db
    .update(compensationItems)
    .set({ state, problem })
    .where(
      and(
        eq(compensationItems.compensationId, item.compensationId),
        eq(compensationItems.trialRequestId, item.trialRequestId),
        eq(compensationItems.state, 'extended'),
      ),
    )
  return 'settled'
}

/** The items still to work on, a batch at a time in a fixed order. */
const openItems = (db: Db, id: string) =>
  db
    .select()
    .from(compensationItems)
    .where(
      and(
        eq(compensationItems.compensationId, id),
        inArray(compensationItems.state, ['pending', 'extended']),
      ),
    )
    .orderBy(asc(compensationItems.trialRequestId))
    .limit(batchSize)

/** Works through a claimed compensation until it is finished, its claim lost, or `signal` aborts. */
async function work(
  app: FastifyInstance,
  compensation: Compensation,
  held: () => boolean,
  signal: AbortSignal,
) {
  while (held() && !signal.aborted) {
    const items = await openItems(app.db, compensation.id)
    if (!items.length) {
      await app.db
        .update(compensations)
        .set({ finishedAt: app.now(), claimedUntil: null })
        .where(eq(compensations.id, compensation.id))
      return true
    }
    let busy = 0
    for (const item of items) {
      if (!held() || signal.aborted) return false
      const current = item.state === 'pending' ? await extendItem(app, compensation, item) : item
      if (current?.state === 'extended' && (await pushItem(app, current)) === 'busy') busy += 1
    }
    // Only lines others hold are left in this batch: their claims lapse within a lease.
    if (busy === items.length) await sleep(pollMs, undefined, { signal }).catch(() => undefined)
  }
  return false
}

/**
 * The job's round: takes the oldest unfinished compensation nobody holds (a new one, or one whose
 * process died) and works through it, renewing its claim. Each subscription is extended once
 * whatever dies when (docs/decisions/0050-compensation-days.md). Answers how many it finished.
 */
export async function runCompensations(app: FastifyInstance, signal: AbortSignal) {
  let finished = 0
  while (!signal.aborted) {
    const compensation = await claimOldest(app.db, app.now())
    if (!compensation) break
    let heldUntil = compensation.claimedUntil!
    let isHeld = true
    const renew = async () => {
      const until = leaseUntil(app.now())
      const [renewed] = await app.db
        .update(compensations)
        .set({ claimedUntil: until })
        .where(
          and(eq(compensations.id, compensation.id), eq(compensations.claimedUntil, heldUntil)),
        )
        .returning({ id: compensations.id })
      if (renewed) heldUntil = until
      else isHeld = false
    }
    const onRenewError = (error: unknown) =>
      app.log.warn(
        { err: error, compensationId: compensation.id },
        'Could not renew a compensation; will retry',
      )
    const isDone = await whileRenewing(renew, onRenewError, () =>
      work(app, compensation, () => isHeld, signal),
    )
    if (!isDone) {
      // Stopping: the next process takes it over at once rather than after the lease.
      await app.db
        .update(compensations)
        .set({ claimedUntil: null })
        .where(
          and(eq(compensations.id, compensation.id), eq(compensations.claimedUntil, heldUntil)),
        )
      break
    }
    finished += 1
  }
  return { compensationsFinished: finished }
}
