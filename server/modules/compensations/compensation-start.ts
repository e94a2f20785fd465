import { and, count, eq, gt, isNotNull, lte, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { compensationInput } from '../../../common/compensations'
import type { Db } from '../../db/client'
import { compensationItems, compensations } from '../../db/schema/compensations'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, invalidField } from '../../lib/http-error'

type Input = z.output<typeof compensationInput>

/**
 * Records a compensation and the list of its subscriptions (every paid one active at `activeAt`)
 * in the caller's transaction; the work on them follows (runCompensations). The same `requestId`
 * again answers the first compensation and records nothing: it extends once.
 */
export async function startCompensation(
  tx: Db,
  input: Input,
  { createdBy, now }: { createdBy: string; now: Date },
): Promise<{ id: string; isReplay: boolean }> {
  const activeAt = new Date(input.activeAt)
  if (activeAt > now) throw invalidField('activeAt', 'activeAt must not be in the future')
  const [row] = await tx
    .insert(compensations)
    .values({
      requestId: input.requestId ?? null,
      days: input.days,
      activeAt,
      note: input.note,
      notify: input.notify,
      total: 0,
      createdBy,
      createdAt: now,
    })
    // A retried submission (or two at once) meets the first's row, committed, and adds nothing.
    .onConflictDoNothing({ target: compensations.requestId })
    .returning({ id: compensations.id })
  if (!row) return { id: await earlierCompensation(tx, input), isReplay: true }
  await tx.insert(compensationItems).select(
    tx
      .select({
        compensationId: sql`${row.id}::uuid`.as('compensation_id'),
        trialRequestId: sql`${trialRequests.id}`.as('trial_request_id'),
        state: sql`'pending'`.as('state'),
        lineId: sql`null::uuid`.as('line_id'),
        newEnd: sql`null::timestamptz`.as('new_end'),
        problem: sql`null::text`.as('problem'),
      })
      .from(trialRequests)
      .where(
        and(
          isNotNull(trialRequests.paidPlan),
          lte(trialRequests.subscriptionStartDate, activeAt),
          gt(trialRequests.subscriptionEndDate, activeAt),
        ),
      ),
  )
  const [listed] = await tx
    .select({ total: count() })
    .from(compensationItems)
    .where(eq(compensationItems.compensationId, row.id))
  await tx.update(compensations).set({ total: listed!.total }).where(eq(compensations.id, row.id))
  return { id: row.id, isReplay: false }
}

/** The compensation recorded under the input's requestId; 409 when it asked something else. */
async function earlierCompensation(tx: Db, input: Input): Promise<string> {
  const [earlier] = await tx
    .select()
    .from(compensations)
    .where(eq(compensations.requestId, input.requestId!))
  const isSame =
    earlier &&
    earlier.days === input.days &&
    earlier.activeAt.getTime() === new Date(input.activeAt).getTime()
  if (!isSame) throw conflict('requestId belongs to another compensation')
  return earlier.id
}
