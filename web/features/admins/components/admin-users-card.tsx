import { UsersRound } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { AdminUsersTable } from './admin-users-table'
import { CreateAdminUserForm } from './create-admin-user-form'

/** 'Admin User Management': everyone sees the list; only a super admin adds or removes. */
export function AdminUsersCard({ currentUser }: { currentUser: AdminUser }) {
  const canManage = currentUser.role === 'super_admin'
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <UsersRound className="size-5 text-primary" aria-hidden />
          Admin User Management
        </CardTitle>
        <CardDescription>
          {canManage
            ? 'Add people who may sign in to the Business Center, or remove their access.'
            : 'Only a super admin can add or remove admin users.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {canManage && <CreateAdminUserForm />}
        <AdminUsersTable currentUserId={currentUser.id} canManage={canManage} />
      </CardContent>
    </Card>
  )
}
