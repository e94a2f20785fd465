import { AlertTriangle, RotateCw } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { useAdminUsers } from '../api/get-admin-users'
import { AdminRoleBadge } from './admin-role-badge'
import { DeleteAdminUserButton } from './delete-admin-user-button'

type AdminUsersTableProps = { currentUserId: string; canManage: boolean }

function LoadingRows() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading admin users">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  )
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
      <AlertTriangle className="size-6 text-destructive" aria-hidden />
      <p className="font-medium">Error loading data</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </div>
  )
}

export function AdminUsersTable({ currentUserId, canManage }: AdminUsersTableProps) {
  const users = useAdminUsers()

  if (users.isPending) return <LoadingRows />
  if (users.isError) return <LoadError onRetry={() => void users.refetch()} />
  if (users.data.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">No admin users yet.</p>
  }

  return (
    <Table>
      <TableCaption className="sr-only">Admin users</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Username</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last login</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.data.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="font-medium">{user.username}</TableCell>
            <TableCell>
              <AdminRoleBadge role={user.role} />
            </TableCell>
            <TableCell className="text-muted-foreground">
              {formatDateTime(user.createdAt)}
            </TableCell>
            <TableCell className="text-muted-foreground">
              {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}
            </TableCell>
            <TableCell className="text-right">
              <RowAction
                user={user}
                isCurrentUser={user.id === currentUserId}
                canManage={canManage}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function RowAction({
  user,
  isCurrentUser,
  canManage,
}: {
  user: AdminUser
  isCurrentUser: boolean
  canManage: boolean
}) {
  if (isCurrentUser) return <Badge variant="outline">You</Badge>
  return canManage ? <DeleteAdminUserButton user={user} /> : null
}
