import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { personKeys } from './trial-identity'
import type { TrialRequest, TrialTrust, trialRequestInput } from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { clientNetwork } from '../../lib/client-network'
import { isUniqueViolation } from '../../lib/database-errors'
import type { EventBus } from '../../realtime/event-bus'
import { createNotification, publishNotification } from '../notifications/notifications.service'
import { findOpenRequest, lockPerson, recordAskedAgain } from './same-person'
import { newSubscriptionId } from '../../lib/subscription-id'
import { queueAutostart } from './trial-autopilot.service'
import { assessNewRequest } from './trust-assessment'

type TrialRequestValues = z.output<typeof trialRequestInput>
export type TrialRequestRow = typeof trialRequests.$inferSelect

export function presentTrialRequest(row: TrialRequestRow): TrialRequest {
  const {
    clientRequestId: _clientRequestId,
    emailKey: _emailKey,
    telegramKey: _telegramKey,
    whatsappKey: _whatsappKey,
    network: _network,
    lastAskedClientRequestId: _lastAskedClientRequestId,
    trustScore,
    trustReasons,
    isTrustFlagged,
    importedAt: _importedAt,
    ...request
  } = row
  const iso = (date: Date | null) => date?.toISOString() ?? null
  return {
    ...request,
    subscriptionStartDate: iso(row.subscriptionStartDate),
    subscriptionEndDate: iso(row.subscriptionEndDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastAskedAt: iso(row.lastAskedAt),
    trust:
      trustScore === null
        ? null
        : { score: trustScore, reasons: trustReasons, isFlagged: isTrustFlagged },
  }
}

export type TrialRequestOutcome =
  /** `isNew` is false for a retry of the submission that made `request`. */
  | { outcome: 'received'; request: TrialRequestRow; isNew: boolean }
  /** The same person already has an open request; it now counts one more ask. */
  | { outcome: 'already_requested' }

export type RequestContext = { ip: string | undefined; now: Date }

const maxIdAttempts = 5

function findByClientRequestId(db: Db, clientRequestId: string) {
  return db.select().from(trialRequests).where(eq(trialRequests.clientRequestId, clientRequestId))
}

function notificationBody(
  request: TrialRequestRow,
  trust: TrialTrust,
  autopilotReason: string | null,
): string {
  const asked = `${request.name} (${request.email}) requested a free trial of ${request.plan}.`
  if (!trust.isFlagged) return asked
  const waits = autopilotReason ? ` ${autopilotReason}.` : ''
  return `${asked} Low trust (${trust.score}/100): ${trust.reasons.join('; ')}.${waits}`
}

/**
 * A public trial request. One per person (docs/spec-gaps.md §1): when the same person (by any of
 * their normalised contacts) has a request pending, on trial or subscribed, that one counts one
 * more ask and nothing new is stored. Otherwise the request is stored Pending with a fresh
 * subscription id and its trust assessment, and the admins are told. A retry of the same
 * submission (same clientRequestId) answers what the first one did.
 */
export async function createTrialRequest(
  db: Db,
  bus: EventBus,
  { clientRequestId, ...values }: TrialRequestValues,
  { ip, now }: RequestContext,
): Promise<TrialRequestOutcome> {
  if (clientRequestId) {
    const [existing] = await findByClientRequestId(db, clientRequestId)
    if (existing) return { outcome: 'received', request: existing, isNew: false }
  }
  const keys = personKeys(values)
  const network = clientNetwork(ip)
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        await lockPerson(tx, keys)
        const open = await findOpenRequest(tx, keys)
        if (open && clientRequestId && open.clientRequestId === clientRequestId) {
          const [request] = await findByClientRequestId(tx, clientRequestId)
          return {
            outcome: 'received' as const,
            request: request!,
            isNew: false,
            notification: null,
          }
        }
        if (open) {
          await recordAskedAgain(tx, open, clientRequestId, now)
          return { outcome: 'already_requested' as const }
        }
        const trust = await assessNewRequest(tx, values, keys, network, now)
        const [request] = await tx
          .insert(trialRequests)
          .values({
            ...values,
            name: `${values.firstName} ${values.lastName}`,
            subscriptionId: newSubscriptionId(),
            clientRequestId: clientRequestId ?? null,
            emailKey: keys.email,
            telegramKey: keys.telegram,
            whatsappKey: keys.whatsapp,
            network,
            trustScore: trust.score,
            trustReasons: trust.reasons,
            isTrustFlagged: trust.isFlagged,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        // With the trial autopilot on, the job starts it (never this request: the panel is slow).
        const autopilotReason = await queueAutostart(tx, request!.id, trust, now)
        const notification = await createNotification(tx, {
          type: 'trial_signup',
          entityId: request!.id,
          recipientRole: 'admin',
          title: 'New trial request',
          body: notificationBody(request!, trust, autopilotReason),
        })
        return { outcome: 'received' as const, request: request!, isNew: true, notification }
      })
      if (result.outcome === 'already_requested') return result
      if (result.notification) await publishNotification(bus, result.notification)
      return { outcome: 'received', request: result.request, isNew: result.isNew }
    } catch (error) {
      // The same submission stored meanwhile under another person's lock (its contacts were
      // edited between retries): answer with the stored row.
      if (clientRequestId && isUniqueViolation(error, 'trial_requests_client_request_id_unique')) {
        const [existing] = await findByClientRequestId(db, clientRequestId)
        if (existing) return { outcome: 'received', request: existing, isNew: false }
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
