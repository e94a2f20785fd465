import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SharingOfferAnswer } from '@common/line-sharing'
import { apiJson, apiRequest } from '@/lib/api-client'
import { sharedLinesQueryKey } from './get-shared-lines'

const sharingPath = (lineId: string, action: 'offer' | 'dismiss') =>
  `/api/lines/sharing/${encodeURIComponent(lineId)}/${action}`

/** "Offer a bigger plan": queues the e-mail (and Telegram message) with the pay link. */
export function useOfferBiggerPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (lineId: string) =>
      apiJson<SharingOfferAnswer>('POST', sharingPath(lineId, 'offer')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedLinesQueryKey }),
  })
}

/** "Dismiss": off the list for 30 days, unless the evidence doubles. */
export function useDismissSharedLine() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (lineId: string) => {
      await apiRequest('POST', sharingPath(lineId, 'dismiss'))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedLinesQueryKey }),
  })
}
