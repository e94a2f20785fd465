import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accountPaths } from '../../../../common/customer-account'
import { cardSessionParam } from '../../../../common/renewals'
import { trialRequests } from '../../../db/schema/trial-requests'
import { conflict, notFound } from '../../../lib/http-error'
import { recordAudit } from '../../audit/audit.service'
import { renewalPlanOf } from '../../plans/renewal-plan'
import { cardVaultFor } from '../providers/payment-providers'
import { retryRenewalNow } from './renewal-payments'
import { ensureStripeCustomer, replaceSavedCard } from './stripe-customers'

function vaultOf(app: FastifyInstance) {
  const vault = cardVaultFor(app)
  if (!vault) throw conflict('Cards cannot be saved here: card payments are not set up.')
  return vault
}

/**
 * Stripe's page where the customer saves a new card for renewals (Checkout in `setup` mode),
 * on their Customer, made first when they have none. Nothing of ours changes until it completes.
 */
export async function startCardSetup(app: FastifyInstance, personId: string) {
  const vault = vaultOf(app)
  const [person] = await app.db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const customerId = await ensureStripeCustomer(app, vault, personId)
  const plan = await renewalPlanOf(app.db, { ...person, scheduledPlanId: null })
  return vault.createCardSetup({
    customerId,
    personId,
    currency: plan?.currency ?? 'EUR',
    returnTo: {
      success: `${accountPaths.account}?${cardSessionParam}={CHECKOUT_SESSION_ID}`,
      cancelled: accountPaths.account,
    },
  })
}

/**
 * A setup page completed (its webhook, or the customer back on /account with its id): the card
 * it saved on the person's own Customer becomes their renewal card, and a renewal that is
 * declined (retrying or past due) is tried again at the round's next pass. Asking again, or for
 * a page not theirs, changes nothing. Answers whether the card changed.
 */
export async function completeCardSetup(
  app: FastifyInstance,
  providerCheckoutId: string,
  personId: string,
): Promise<boolean> {
  const card = await vaultOf(app).cardOfSetup(providerCheckoutId)
  if (!card) return false
  return app.db.transaction(async (tx) => {
    const now = app.now()
    if (!(await replaceSavedCard(tx, personId, card, now))) return false
    await retryRenewalNow(tx, personId, now)
    await recordAudit(tx, {
      actor: { id: null, username: 'customer' },
      action: 'trial_request.card_saved',
      entityType: 'trial_request',
      entityId: personId,
      now,
    })
    return true
  })
}
