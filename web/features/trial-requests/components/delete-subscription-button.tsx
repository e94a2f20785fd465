import { CircleX } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { ConfirmButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'
import { formatMoney } from '@/lib/format'
import { useDeleteSubscription } from '../api/delete-subscription'

/** Deletes the paid subscription after confirmation: back to trial, its revenue removed. */
export function DeleteSubscriptionButton({ request }: { request: TrialRequest }) {
  const deleteSubscription = useDeleteSubscription()

  const handleConfirm = () => deleteSubscription.mutate(request.id)

  const price = request.subscriptionPrice ? ` (${formatMoney(request.subscriptionPrice)})` : ''
  return (
    <ConfirmButton
      title="Delete subscription?"
      description={`${request.name}'s ${request.paidPlan ?? 'paid'} subscription${price} is deleted and the request goes back to trial. Its revenue is removed from Financials.`}
      confirmLabel="Delete subscription"
      onConfirm={handleConfirm}
    >
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        aria-label={`Delete subscription of ${request.name}`}
        title="Delete subscription"
        disabled={deleteSubscription.isPending}
      >
        <CircleX aria-hidden />
      </Button>
    </ConfirmButton>
  )
}
