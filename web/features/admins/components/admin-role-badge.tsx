import type { AdminRole } from '@common/admin-users'
import { Badge } from '@/components/ui/badge'

export function AdminRoleBadge({ role }: { role: AdminRole }) {
  return <Badge variant={role === 'super_admin' ? 'default' : 'secondary'}>{role}</Badge>
}
