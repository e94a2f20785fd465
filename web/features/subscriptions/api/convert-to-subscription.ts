import type { z } from 'zod'
import type { convertToSubscriptionInput, TrialRequest } from '@common/trial-requests'
import { apiJson } from '@/lib/api-client'
import { useSubscriptionChange } from './subscription-change'

export type SubscriptionValues = z.output<typeof convertToSubscriptionInput>

/** Turns a trial into a paid subscription that starts now and ends after the months chosen. */
export function convertToSubscription(
  id: string,
  values: SubscriptionValues,
): Promise<TrialRequest> {
  return apiJson<TrialRequest>(
    'POST',
    `/api/trial-requests/${encodeURIComponent(id)}/convert-to-subscription`,
    values,
  )
}

export function useConvertToSubscription() {
  return useSubscriptionChange(
    ({ id, values }: { id: string; values: SubscriptionValues }) =>
      convertToSubscription(id, values),
    {
      success: 'Trial successfully converted to paid subscription!',
      failure: 'Failed to convert trial to subscription',
    },
  )
}
