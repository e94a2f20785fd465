import { eq } from 'drizzle-orm'
import { accountPaths } from '../../../../common/customer-account'
import { cardSessionParam } from '../../../../common/renewals'
import { trialRequests } from '../../../db/schema/trial-requests'
import { conflict, notFound } from '../../../lib/http-error'
import { recordAudit } from '../../audit/audit.service'
import { auditAction } from '../../audit/command'
import { renewalPlanOf } from '../../plans/renewal-plan'
import type { ProviderContext } from '../payment-context'
import { makeRenewalDueNow } from './renewal-payments'
import { ensureStripeCustomer, replaceSavedCard } from './stripe-customers'

// The customer's own, whether their page or Stripe's webhook tells us first.
export const cardSavedAction = auditAction('trial_request', 'card_saved')

function vaultOf({ providers }: ProviderContext) {
  if (!providers.cards) throw conflict('Cards cannot be saved here: card payments are not set up.')
  return providers.cards
}

/**
 * Stripe's page where the customer saves a new card for renewals (Checkout in `setup` mode),
 * on their Customer, made first when they have none. Nothing of ours changes until it completes.
 */
export async function startCardSetup(ctx: ProviderContext, personId: string) {
  const vault = vaultOf(ctx)
  const [person] = await ctx.db.select().from(trialRequests).where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const customerId = await ensureStripeCustomer(ctx, vault, personId)
  const plan = await renewalPlanOf(ctx.db, { ...person, scheduledPlanId: null })
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
 * declined (retrying or past due) is tried again at the round's next pass. Stripe is asked
 * before the transaction opens. Asking again, or for a page not theirs, changes nothing.
 * Answers whether the card changed.
 */
export async function completeCardSetup(
  ctx: ProviderContext,
  { providerCheckoutId, personId }: { providerCheckoutId: string; personId: string },
): Promise<boolean> {
  const card = await vaultOf(ctx).cardOfSetup(providerCheckoutId)
  if (!card) return false
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now()
    if (!(await replaceSavedCard(tx, personId, card, now))) return false
    await makeRenewalDueNow(tx, personId, now)
    await recordAudit(tx, {
      actor: { id: null, username: 'customer' },
      action: cardSavedAction.action,
      entityType: cardSavedAction.entity,
      entityId: personId,
      now,
    })
    return true
  })
}
