import type { AdminUser } from '@common/admin-users'
import { AdminUsersCard } from '@/features/admin-users/components/admin-users-card'
import { ActivityCard } from '@/features/audit-log/components/activity-card'
import { SystemMaintenanceCard } from '@/features/maintenance/components/system-maintenance-card'
import { PlatformConfigurationCard } from '@/features/platform-settings/components/platform-configuration-card'

export function BusinessSettingsTab({ currentUser }: { currentUser: AdminUser }) {
  return (
    <div className="grid gap-6">
      <AdminUsersCard currentUser={currentUser} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PlatformConfigurationCard />
        <SystemMaintenanceCard />
      </div>
      <ActivityCard />
    </div>
  )
}
