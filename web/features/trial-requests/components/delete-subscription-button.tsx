import { CircleX } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { ConfirmIconButton } from '@/components/confirm-button'
import { formatMoney } from '@/lib/format'
import { useDeleteSubscription } from '../api/delete-subscription'

/** Deletes the paid subscription after confirmation: back to trial, its revenue removed. */
export function DeleteSubscriptionButton({ request }: { request: TrialRequest }) {
  const deleteSubscription = useDeleteSubscription()

  const price = request.subscriptionPrice ? ` (${formatMoney(request.subscriptionPrice)})` : ''
  return (
    <ConfirmIconButton
      label={`Delete subscription of ${request.name}`}
      tooltip="Delete subscription"
      icon={CircleX}
      title="Delete subscription?"
      description={`${request.name}'s ${request.paidPlan ?? 'paid'} subscription${price} is deleted and the request goes back to trial. Its revenue is removed from Financials.`}
      confirmLabel="Delete subscription"
      onConfirm={() => deleteSubscription.mutate(request.id)}
      isPending={deleteSubscription.isPending}
    />
  )
}
