import { CircleX } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { ConfirmButton } from '@/components/confirm-button'
import { formatMoney } from '@/lib/format'
import { useDeleteSubscription } from '../api/delete-subscription'
import { ActionTrigger, type ActionDisplay } from '@/components/action-trigger'

type DeleteSubscriptionButtonProps = { request: TrialRequest; display?: ActionDisplay }

/** Deletes the paid subscription after confirmation: back to trial, its revenue removed. */
export function DeleteSubscriptionButton({
  request,
  display = 'icon',
}: DeleteSubscriptionButtonProps) {
  const deleteSubscription = useDeleteSubscription()

  const price = request.subscriptionPrice ? ` (${formatMoney(request.subscriptionPrice)})` : ''
  return (
    <ConfirmButton
      title="Delete subscription?"
      description={`${request.name}'s ${request.paidPlan ?? 'paid'} subscription${price} is deleted and the request goes back to trial. Its revenue is removed from Financials.`}
      confirmLabel="Delete subscription"
      onConfirm={() => deleteSubscription.mutate(request.id)}
    >
      <ActionTrigger
        display={display}
        icon={CircleX}
        label="Delete subscription"
        iconLabel={`Delete subscription of ${request.name}`}
        isDestructive
        disabled={deleteSubscription.isPending}
      />
    </ConfirmButton>
  )
}
