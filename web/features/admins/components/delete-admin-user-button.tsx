import type { AdminUser } from '@common/admin-users'
import { ConfirmIconButton } from '@/components/confirm-button'
import { resultToasts } from '@/lib/result-toasts'
import { useDeleteAdminUser } from '../api/delete-admin-user'

/** A delete button that asks for confirmation before removing the admin account. */
export function DeleteAdminUserButton({ user }: { user: AdminUser }) {
  const deleteUser = useDeleteAdminUser()

  const handleConfirm = () =>
    deleteUser.mutate(
      user.id,
      resultToasts({
        success: 'Admin user deleted successfully',
        failure: 'Failed to delete user',
      }),
    )

  return (
    <ConfirmIconButton
      label={`Delete admin ${user.username}`}
      tooltip={`Delete admin ${user.username}`}
      title="Delete admin user?"
      description={`${user.username} will lose access to the Business Center immediately. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={handleConfirm}
      isPending={deleteUser.isPending}
    />
  )
}
