import { formatCents } from '../../../common/money'
import type { Notification } from '../../../common/notifications'
import { providerLabels } from '../../../common/payments'
import type { Db } from '../../db/client'
import { recordSystemAudit } from '../audit/audit.service'
import { queueMessage } from '../messages/outbox.service'
import { createNotification } from '../notifications/notifications.service'
import type { PaymentRow } from './present-payment'

/** "29.99 EUR": an amount as receipts and notifications say it. */
export const spokenAmount = (amountMinor: number, currency: string) =>
  `${formatCents(amountMinor)} ${currency.toUpperCase()}`

const spokenMonths = (months: number) => (months === 1 ? '1 month' : `${months} months`)

type Person = { id: string; email: string; name: string }

/**
 * The receipt of a settled payment, queued with the settle (e-mail, and Telegram when the person
 * bound a chat). It is transactional: an unsubscribe from reminders does not stop it.
 */
export async function queueReceipt(
  tx: Db,
  person: Person,
  payment: PaymentRow & { receiptNumber: number; newEnd: Date },
  now: Date,
): Promise<void> {
  await queueMessage(
    tx,
    {
      kind: 'payment_receipt',
      recipient: person.email,
      trialRequestId: person.id,
      variables: {
        receiptNumber: String(payment.receiptNumber),
        amount: spokenAmount(payment.amountMinor, payment.currency),
        planName: payment.planName,
        period: spokenMonths(payment.months),
        endAt: payment.newEnd.toISOString(),
      },
    },
    now,
  )
}

/**
 * Tells the admins a customer paid by themselves, and records it in the Activity trail as the
 * system's ("The system extended the subscription of Lina: paid by the customer with Stripe";
 * "The system renewed the subscription of Lina automatically" for a saved card charged).
 * Money an admin records by hand is their route's own entry, and tells nobody else.
 */
export async function noticeCustomerPayment(
  tx: Db,
  person: Person,
  payment: PaymentRow & { newEnd: Date },
  step: 'convert' | 'extend' | 'renew_automatically',
  now: Date,
): Promise<Notification> {
  // A saved card charged by the round is no payment the customer made then and there.
  const details = step === 'renew_automatically' ? {} : { payment: { provider: payment.provider } }
  const entry = { action: `trial_request.${step}`, entityId: person.id, details }
  await recordSystemAudit(tx, [entry], 'trial_request', now)
  return createNotification(tx, {
    type: 'payment_received',
    entityId: person.id,
    recipientRole: 'admin',
    title: `Payment received from ${person.name}`,
    body: `${spokenAmount(payment.amountMinor, payment.currency)} with ${providerLabels[payment.provider]}: ${payment.planName}, ${spokenMonths(payment.months)}, now until ${payment.newEnd.toISOString().slice(0, 10)}.`,
  })
}

/** Tells the admins a payment waits for them (needs_review), and records it in the trail. */
export async function noticeHeldPayment(
  tx: Db,
  payment: PaymentRow,
  person: { id: string; name: string } | null,
  reason: string,
  now: Date,
): Promise<Notification> {
  if (person) {
    const entry = { action: 'trial_request.hold_payment', entityId: person.id }
    await recordSystemAudit(tx, [entry], 'trial_request', now)
  }
  return createNotification(tx, {
    type: 'payment_needs_review',
    entityId: person?.id ?? payment.id,
    recipientRole: 'admin',
    title: `Payment to review${person ? ` from ${person.name}` : ''}`,
    body: `${providerLabels[payment.provider]} payment ${payment.id}: ${reason}`,
  })
}
