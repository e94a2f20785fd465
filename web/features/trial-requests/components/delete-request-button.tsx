import { Trash2 } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { ConfirmButton } from '@/components/confirm-button'
import { useDeleteTrialRequest } from '../api/delete-trial-request'
import { ActionTrigger, type ActionDisplay } from '@/components/action-trigger'

type DeleteRequestButtonProps = { request: TrialRequest; display?: ActionDisplay }

/** Deletes the whole request, contact details and any subscription, after confirmation. */
export function DeleteRequestButton({ request, display = 'icon' }: DeleteRequestButtonProps) {
  const deleteRequest = useDeleteTrialRequest()

  return (
    <ConfirmButton
      title="Delete trial request?"
      description={`${request.name} (${request.email}) and ${request.subscriptionId} are removed for good, with any subscription and its revenue. This cannot be undone.`}
      confirmLabel="Delete request"
      onConfirm={() => deleteRequest.mutate(request.id)}
    >
      <ActionTrigger
        display={display}
        icon={Trash2}
        label="Delete request"
        iconLabel={`Delete request of ${request.name}`}
        isDestructive
        disabled={deleteRequest.isPending}
      />
    </ConfirmButton>
  )
}
