import type { AdminRole } from '@common/admin-users'

export const adminRoleLabels: Record<AdminRole, string> = {
  admin: 'Admin',
  super_admin: 'Super Admin',
}
