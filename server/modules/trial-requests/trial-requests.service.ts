import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { TrialRequest, trialRequestInput } from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../lib/database-errors'
import { trialRequests } from '../../db/schema/trial-requests'
import type { EventBus } from '../../realtime/event-bus'
import { createNotification, publishNotification } from '../notifications/notifications.service'
import { newSubscriptionId } from './subscription-id'

type TrialRequestValues = z.output<typeof trialRequestInput>
export type TrialRequestRow = typeof trialRequests.$inferSelect

export function presentTrialRequest(row: TrialRequestRow): TrialRequest {
  const { clientRequestId: _clientRequestId, ...request } = row
  const iso = (date: Date | null) => date?.toISOString() ?? null
  return {
    ...request,
    subscriptionStartDate: iso(row.subscriptionStartDate),
    subscriptionEndDate: iso(row.subscriptionEndDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const maxIdAttempts = 5

/**
 * Stores a public trial request (status Pending, a fresh subscription id) and tells the admins.
 * A repeat of the same submission (same clientRequestId) returns the stored request instead.
 */
export async function createTrialRequest(
  db: Db,
  bus: EventBus,
  { clientRequestId, ...values }: TrialRequestValues,
): Promise<{ request: TrialRequestRow; isNew: boolean }> {
  if (clientRequestId) {
    const [existing] = await db
      .select()
      .from(trialRequests)
      .where(eq(trialRequests.clientRequestId, clientRequestId))
    if (existing) return { request: existing, isNew: false }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction(async (tx) => {
        const [request] = await tx
          .insert(trialRequests)
          .values({
            ...values,
            name: `${values.firstName} ${values.lastName}`,
            subscriptionId: newSubscriptionId(),
            clientRequestId: clientRequestId ?? null,
          })
          .returning()
        const notification = await createNotification(tx, {
          type: 'trial_signup',
          entityId: request!.id,
          recipientRole: 'admin',
          title: 'New trial request',
          body: `${request!.name} (${request!.email}) requested a free trial of ${request!.plan}.`,
        })
        return { request: request!, notification }
      })
      await publishNotification(bus, created.notification)
      return { request: created.request, isNew: true }
    } catch (error) {
      // Two submits of one form racing each other: the loser returns the winner's row.
      if (clientRequestId && isUniqueViolation(error, 'trial_requests_client_request_id_unique')) {
        const [existing] = await db
          .select()
          .from(trialRequests)
          .where(eq(trialRequests.clientRequestId, clientRequestId))
        if (existing) return { request: existing, isNew: false }
      }
      // A subscription id collision is astronomically rare; draw again.
      if (
        attempt < maxIdAttempts &&
        isUniqueViolation(error, 'trial_requests_subscription_id_unique')
      )
        continue
      throw error
    }
  }
}
