import type { z } from 'zod'
import type { extendSubscriptionInput } from '@common/subscription-renewals'
import type { TrialRequest } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'
import { useSubscriptionChange } from './subscription-change'

export type ExtendValues = z.output<typeof extendSubscriptionInput>

/**
 * Extends the subscription by calendar months from its end (or today, once it has ended); the
 * price is revenue of this month. The person's line follows on the panel.
 */
export function extendSubscription(id: string, values: ExtendValues): Promise<TrialRequest> {
  return apiJson<TrialRequest>(
    'POST',
    `/api/trial-requests/${encodeURIComponent(id)}/subscription/extend`,
    values,
  )
}

export function useExtendSubscription() {
  return useSubscriptionChange(
    ({ id, values }: { id: string; values: ExtendValues }) => extendSubscription(id, values),
    { success: 'Subscription extended successfully', failure: 'Failed to extend subscription' },
  )
}
