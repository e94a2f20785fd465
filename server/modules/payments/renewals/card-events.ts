import type { FastifyInstance } from 'fastify'
import { recordSystemAudit } from '../../audit/audit.service'
import { systemPaymentContext } from '../payment-context'
import { completeCardSetup } from './card-setup.commands'
import type { WebhookEvent } from '../providers/payment-provider'
import { refreshSavedCard, removeSavedCard } from './stripe-customers'

const cardKinds = new Set(['card_saved', 'card_updated', 'card_detached'])

/** Stripe's news of a saved card: about no payment of ours. */
export const isCardEvent = (event: WebhookEvent) => cardKinds.has(event.kind)

/**
 * A setup page completed (its card replaces the renewal card), the card networks renewed a card
 * (its last 4 and expiry follow), or the card was removed at Stripe (renewals need a new one;
 * the person's page says so). Each is idempotent, so a redelivery changes nothing more.
 */
export async function applyCardEvent(app: FastifyInstance, event: WebhookEvent): Promise<void> {
  if (event.kind === 'card_saved') {
    if (event.personId && event.providerCheckoutId) {
      const setup = { providerCheckoutId: event.providerCheckoutId, personId: event.personId }
      await completeCardSetup(systemPaymentContext(app), setup)
    }
    return
  }
  const card = event.card
  if (!card) return
  if (event.kind === 'card_updated') return refreshSavedCard(app.db, card, app.now())
  await app.db.transaction(async (tx) => {
    const now = app.now()
    const personId = await removeSavedCard(tx, card.paymentMethodId, now)
    if (!personId) return
    const entry = { action: 'trial_request.card_removed', entityId: personId }
    await recordSystemAudit(tx, [entry], 'trial_request', now)
  })
}
