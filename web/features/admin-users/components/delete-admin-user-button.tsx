import { Trash2 } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { serverMessageOf } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { useDeleteAdminUser } from '../api/delete-admin-user'

/** A delete button that asks for confirmation before removing the admin account. */
export function DeleteAdminUserButton({ user }: { user: AdminUser }) {
  const deleteUser = useDeleteAdminUser()

  const handleConfirm = () =>
    deleteUser.mutate(user.id, {
      onSuccess: () => showToast({ title: 'Admin user deleted successfully' }),
      onError: (error) =>
        showToast({
          title: 'Failed to delete user',
          description: serverMessageOf(error),
          variant: 'destructive',
        }),
    })

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Delete admin ${user.username}`}
          title={`Delete admin ${user.username}`}
          disabled={deleteUser.isPending}
        >
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete admin user?</AlertDialogTitle>
          <AlertDialogDescription>
            {user.username} will lose access to the Business Center immediately. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={handleConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
