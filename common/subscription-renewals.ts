import { z } from 'zod'
import { convertToSubscriptionInput, type TrialRequest } from './trial-requests'

/** POST /api/trial-requests/{id}/subscription/extend: the conversion's own rules for months and price. */
export const extendSubscriptionInput = z.object({
  months: convertToSubscriptionInput.shape.subscriptionMonths,
  price: convertToSubscriptionInput.shape.subscriptionPrice,
  /** Generated once per submission, so a retried submit extends once. */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
})
export type ExtendSubscriptionInput = z.input<typeof extendSubscriptionInput>

/** What a subscription change answers: the person, and why their line did not follow yet. */
export type SubscriptionChange = TrialRequest & { lineProblem?: string }
