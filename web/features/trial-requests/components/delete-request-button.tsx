import type { TrialRequest } from '@common/trial-requests'
import { ConfirmIconButton } from '@/components/confirm-button'
import { useDeleteTrialRequest } from '../api/delete-trial-request'

/** Deletes the whole request, contact details and any subscription, after confirmation. */
export function DeleteRequestButton({ request }: { request: TrialRequest }) {
  const deleteRequest = useDeleteTrialRequest()

  return (
    <ConfirmIconButton
      label={`Delete request of ${request.name}`}
      tooltip="Delete request"
      title="Delete trial request?"
      description={`${request.name} (${request.email}) and ${request.subscriptionId} are removed for good, with any subscription and its revenue. This cannot be undone.`}
      confirmLabel="Delete request"
      onConfirm={() => deleteRequest.mutate(request.id)}
      isPending={deleteRequest.isPending}
    />
  )
}
