import { eq, sql, type SQLWrapper } from 'drizzle-orm'
import { cardLabel } from '../../../../common/renewals'
import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import { messageReminders } from '../../../db/schema/message-reminders'
import { trialRequests } from '../../../db/schema/trial-requests'
import { siteOrigin } from '../../../lib/site-origin'
import { queueMessageOnce } from '../../messages/message-once'
import { spokenAmount } from '../../subscriptions/payment-notices'
import type { PaymentRow } from '../../subscriptions/present-payment'
import { stripeCustomerOf } from './stripe-customers'

export type RenewalMessageKind =
  | 'renewal_notice'
  | 'renewal_failed'
  | 'renewal_authentication'
  | 'renewal_line_off'
  | 'renewal_ended'

/** SQL: the e-mail of `kind` about the period ending at `periodEnd` was not queued yet. */
export const notToldYet = (kind: RenewalMessageKind, personId: SQLWrapper, periodEnd: SQLWrapper) =>
  sql`not exists (select 1 from ${messageReminders}
    where ${messageReminders.trialRequestId} = ${personId} and ${messageReminders.kind} = ${kind}
    and ${messageReminders.periodEnd} = ${periodEnd})`

/** Where the customer approves a renewal their card asked them to confirm (renewal-page.routes). */
export const renewalPagePath = (paymentId: string) => `/pay/renewal/${paymentId}`

/** "Visa •••• 4242", or words for a card no longer known. */
async function cardWords(db: Db, personId: string): Promise<string> {
  const customer = await stripeCustomerOf(db, personId)
  return customer?.cardBrand && customer.cardLast4
    ? cardLabel({ brand: customer.cardBrand, last4: customer.cardLast4 })
    : 'saved card'
}

/**
 * Queues one of automatic renewal's e-mails about the period ending at `periodEnd`, once per
 * person, kind and period whatever runs it again (queueMessageOnce), in the caller's
 * transaction. `endAt` is the moment the e-mail names (the charge, the line going off).
 */
export async function queueRenewalMessage(
  tx: Db,
  config: Config,
  kind: RenewalMessageKind,
  renewal: Pick<PaymentRow, 'id' | 'planName' | 'amountMinor' | 'currency'> & {
    personId: string
    periodEnd: Date
  },
  { endAt, now }: { endAt?: Date; now: Date },
): Promise<boolean> {
  const [person] = await tx
    .select({ email: trialRequests.email })
    .from(trialRequests)
    .where(eq(trialRequests.id, renewal.personId))
  if (!person) return false
  const key = { personId: renewal.personId, kind, offsetMinutes: 0, periodEnd: renewal.periodEnd }
  const message = {
    kind,
    recipient: person.email,
    trialRequestId: renewal.personId,
    variables: {
      planName: renewal.planName,
      amount: spokenAmount(renewal.amountMinor, renewal.currency),
      cardLabel: await cardWords(tx, renewal.personId),
      ...(endAt ? { endAt: endAt.toISOString() } : {}),
      ...(kind === 'renewal_authentication'
        ? { payUrl: `${siteOrigin(config)}${renewalPagePath(renewal.id)}` }
        : {}),
    },
  }
  return queueMessageOnce(tx, key, message, now)
}
