import { Trash2 } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { ConfirmButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'
import { useDeleteTrialRequest } from '../api/delete-trial-request'

/** Deletes the whole request, contact details and any subscription, after confirmation. */
export function DeleteRequestButton({ request }: { request: TrialRequest }) {
  const deleteRequest = useDeleteTrialRequest()

  const handleConfirm = () => deleteRequest.mutate(request.id)

  return (
    <ConfirmButton
      title="Delete trial request?"
      description={`${request.name} (${request.email}) and ${request.subscriptionId} are removed for good, with any subscription and its revenue. This cannot be undone.`}
      confirmLabel="Delete request"
      onConfirm={handleConfirm}
    >
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        aria-label={`Delete request of ${request.name}`}
        title="Delete request"
        disabled={deleteRequest.isPending}
      >
        <Trash2 aria-hidden />
      </Button>
    </ConfirmButton>
  )
}
