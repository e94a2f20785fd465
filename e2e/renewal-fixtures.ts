import type { Db } from '../server/db/client'
import { autoRenewals } from '../server/db/schema/auto-renewals'
import { payments } from '../server/db/schema/payments'
import { renewalAttempts } from '../server/db/schema/renewal-attempts'
import { stripeCustomers } from '../server/db/schema/stripe-customers'
import { trialRequests } from '../server/db/schema/trial-requests'
import { eq } from 'drizzle-orm'
import type { PaymentServer } from './payment-server'

/**
 * A person's automatic renewal as the renewal round leaves it, written while the server is
 * stopped (PGlite's data is one process's at a time): renewal on, a Visa card saved at Stripe,
 * and — when `declined` — this period's renewal declined once for insufficient funds and due
 * to be tried again tomorrow.
 */
export async function seedRenewal(
  server: PaymentServer,
  personId: string,
  { declined }: { declined: boolean },
): Promise<void> {
  await server.restart(async (db: Db) => {
    const [person] = await db.select().from(trialRequests).where(eq(trialRequests.id, personId))
    const end = person!.subscriptionEndDate!
    await db.insert(autoRenewals).values({
      trialRequestId: personId,
      autoRenew: true,
      status: declined ? 'retrying' : 'active',
    })
    await db.insert(stripeCustomers).values({
      trialRequestId: personId,
      customerId: `cus_e2e_${personId.slice(0, 8)}`,
      paymentMethodId: `pm_e2e_${personId.slice(0, 8)}`,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 4,
      cardExpYear: 2031,
      cardSavedAt: new Date(),
    })
    if (!declined) return
    const [renewal] = await db
      .insert(payments)
      .values({
        trialRequestId: personId,
        planId: server.plan.id,
        planName: server.plan.name,
        months: 3,
        amountMinor: 2999,
        listAmountMinor: 2999,
        currency: 'EUR',
        provider: 'stripe',
        kind: 'renewal',
        renewsPeriodEnd: end,
        retryAt: new Date(Date.now() + 24 * 3_600_000),
      })
      .returning()
    await db.insert(renewalAttempts).values({
      paymentId: renewal!.id,
      number: 1,
      attemptedAt: new Date(),
      outcome: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
  })
}
