import type { AdminUser } from '@common/admin-users'
import { QueryStates } from '@/components/list-states'
import { RecordTable } from '@/components/record-table'
import { Badge } from '@/components/ui/badge'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { useAdminUsers } from '../api/get-admin-users'
import { AdminRoleBadge } from './admin-role-badge'
import { DeleteAdminUserButton } from './delete-admin-user-button'
import { SetAdminPasswordButton } from './set-admin-password-button'

const columns = ['Username', 'Role', 'Created', 'Last login']

type AdminUsersTableProps = { currentUserId: string; canManage: boolean }

export function AdminUsersTable({ currentUserId, canManage }: AdminUsersTableProps) {
  return (
    <QueryStates query={useAdminUsers()} loadingLabel="Loading admin users">
      {(users) => (
        <RecordTable
          caption="Admin users"
          columns={columns}
          records={users}
          empty="No admin users yet."
        >
          {(user) => (
            <TableRow key={user.id}>
              <TableCell className="font-medium">
                <span className="flex flex-wrap items-center gap-2">
                  {user.username}
                  {user.twoFactorEnabled && <TwoFactorBadge />}
                </span>
              </TableCell>
              <TableCell data-label="Role">
                <AdminRoleBadge role={user.role} />
              </TableCell>
              <TableCell data-label="Created" className="text-muted-foreground">
                {formatDateTime(user.createdAt)}
              </TableCell>
              <TableCell data-label="Last login" className="text-muted-foreground">
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
          )}
        </RecordTable>
      )}
    </QueryStates>
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
  if (!canManage) return null
  return (
    <div className="flex justify-end gap-1">
      <SetAdminPasswordButton user={user} />
      <DeleteAdminUserButton user={user} />
    </div>
  )
}

/** Says the admin signs in with a second factor; read out in words, not as an acronym. */
function TwoFactorBadge() {
  return (
    <Badge variant="secondary" title="Two-factor sign-in is on">
      <span aria-hidden>2FA</span>
      <span className="sr-only">two-factor sign-in on</span>
    </Badge>
  )
}
