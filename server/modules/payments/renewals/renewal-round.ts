import { and, asc, eq, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import { renewalRounds } from '../../../db/schema/renewal-rounds'
import { isUnclaimedAt, leaseUntil, whileRenewing } from '../../../lib/lease'
import { ProviderOutage, ProviderRefusal } from '../providers/provider-errors'
import { attemptRenewal, chargeOf, staleAttemptMs, type ChargeCard } from './renewal-attempt'
import { queueRenewalNotices, recordDueRenewals } from './renewal-due'
import { endOverdueRenewals, passGracePeriods } from './renewal-grace'
import { pacedCharge } from './renewal-pace'
import { takeLeftCards } from './saved-card'

export type RenewalRoundResult = {
  /** Another process holds the round: it did nothing here. */
  skipped: boolean
  recorded: number
  notices: number
  charged: number
  declined: number
  linesOff: number
  ended: number
}

const batchSize = 100
const pacedByApp = new WeakMap<FastifyInstance, ChargeCard>()

/** This process's charges, paced (one process holds the round, so the installation's pace). */
function pacedChargeOf(app: FastifyInstance): ChargeCard | null {
  let paced = pacedByApp.get(app)
  if (!paced) {
    const charge = chargeOf(app)
    if (!charge) return null
    paced = pacedCharge(charge)
    pacedByApp.set(app, paced)
  }
  return paced
}

/** Renewals to try now: due, or left pending by a process that died (asked again). */
function dueNow(app: FastifyInstance) {
  const now = app.now()
  const stale = new Date(now.getTime() - staleAttemptMs)
  return app.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'renewal'),
        eq(payments.status, 'pending'),
        or(
          lte(payments.retryAt, now),
          sql`exists (select 1 from ${renewalAttempts}
            where ${renewalAttempts.paymentId} = ${payments.id}
            and ${renewalAttempts.outcome} = 'pending'
            and ${renewalAttempts.attemptedAt} < ${stale.toISOString()}::timestamptz)`,
        ),
      ),
    )
    .orderBy(asc(payments.retryAt))
    .limit(batchSize)
}

/**
 * Charges every renewal due, at the round's pace. Stripe down ends it (`outage`: the next round
 * goes on).
 */
async function chargeDue(app: FastifyInstance, charge: ChargeCard) {
  const counts = { charged: 0, declined: 0, outage: false }
  const seen = new Set<string>()
  for (;;) {
    const due = (await dueNow(app)).filter(({ id }) => !seen.has(id))
    if (!due.length) return counts
    for (const { id } of due) {
      seen.add(id)
      try {
        const { outcome } = await attemptRenewal(app, id, charge)
        if (outcome === 'succeeded') counts.charged += 1
        if (outcome === 'declined') counts.declined += 1
      } catch (error) {
        if (error instanceof ProviderOutage) {
          app.log.warn(
            { paymentId: id },
            'Stripe did not answer a renewal; the next round asks again',
          )
          return { ...counts, outage: true }
        }
        // Stripe refused the request itself (a key, a card no longer the Customer's): the attempt
        // stays pending and asked again later under its key, charging nothing; the others go on.
        if (!(error instanceof ProviderRefusal)) throw error
        app.log.error({ err: error, paymentId: id }, 'Stripe refused a renewal charge')
      }
    }
  }
}

/** Takes the round's lease unless another process holds it. */
async function claimRound(app: FastifyInstance) {
  const now = app.now()
  await app.db.insert(renewalRounds).values({ id: 1 }).onConflictDoNothing()
  const [claimed] = await app.db
    .update(renewalRounds)
    .set({ claimedUntil: leaseUntil(now) })
    .where(and(eq(renewalRounds.id, 1), isUnclaimedAt(renewalRounds.claimedUntil, now)))
    .returning()
  return claimed !== undefined
}

/**
 * The renewal round (every few seconds, and inside Expire now): one process at a time, holding a
 * lease it renews while it works, sends the notices, keeps the grace periods, ends what was never
 * paid, then records the renewals due a batch at a time and charges each batch, paced under
 * Stripe's rate limit (decision 0060). Without Stripe it does nothing.
 */
export async function renewalRound(app: FastifyInstance): Promise<RenewalRoundResult> {
  const result = {
    skipped: false,
    recorded: 0,
    notices: 0,
    charged: 0,
    declined: 0,
    linesOff: 0,
    ended: 0,
  }
  const charge = pacedChargeOf(app)
  if (!charge) return result
  if (!(await claimRound(app))) return { ...result, skipped: true }
  try {
    await whileRenewing(
      () =>
        app.db
          .update(renewalRounds)
          .set({ claimedUntil: leaseUntil(app.now()) })
          .where(eq(renewalRounds.id, 1)),
      (error) => app.log.warn({ err: error }, 'Could not renew the renewal round; will retry'),
      async () => {
        await takeLeftCards(app)
        result.notices = await queueRenewalNotices(app)
        result.linesOff = await passGracePeriods(app)
        result.ended = await endOverdueRenewals(app)
        // A batch recorded, then charged: the first charges start within moments however many
        // periods end together, and what is recorded is what is charged next.
        for (let after: string | null = null; ;) {
          const batch = await recordDueRenewals(app, after)
          result.recorded += batch.recorded
          const counts = await chargeDue(app, charge)
          result.charged += counts.charged
          result.declined += counts.declined
          if (counts.outage || !batch.next) break
          after = batch.next
        }
      },
    )
  } finally {
    await app.db
      .update(renewalRounds)
      .set({ claimedUntil: null, lastRunAt: app.now() })
      .where(eq(renewalRounds.id, 1))
  }
  return result
}
