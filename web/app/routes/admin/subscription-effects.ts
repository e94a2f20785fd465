import { refreshPayments } from '@/features/payments/api/get-payments'
import type { SubscriptionEffects } from '@/features/subscriptions/subscription-effects'
import { showChangedRequest } from '@/features/trial-requests/api/trial-request-mutation'

/** A money dialog's change shows in the contacts' rows at once, and in every payment list. */
export const subscriptionEffects: SubscriptionEffects = {
  onPersonChanged: showChangedRequest,
  onPaymentsChanged: refreshPayments,
}
