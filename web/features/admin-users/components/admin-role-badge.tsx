import type { AdminRole } from '@common/admin-users'
import { Badge } from '@/components/ui/badge'
import { adminRoleLabels } from '../role-labels'

export function AdminRoleBadge({ role }: { role: AdminRole }) {
  return (
    <Badge variant={role === 'super_admin' ? 'default' : 'secondary'}>{adminRoleLabels[role]}</Badge>
  )
}
