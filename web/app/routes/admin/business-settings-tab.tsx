import { useQueryClient } from '@tanstack/react-query'
import type { AdminUser } from '@common/admin-users'
import { refreshAdminSession } from '@/features/auth/api/get-admin-session'
import { AdminUsersCard } from '@/features/admins/components/admin-users-card'
import { ActivityCard } from '@/features/audit/components/activity-card'
import { MessageTemplatesCard } from '@/features/messages/components/message-templates-card'
import { ReminderSettingsCard } from '@/features/messages/components/reminder-settings-card'
import { BackupFilesCard } from '@/features/maintenance/components/backup-files-card'
import { SystemMaintenanceCard } from '@/features/maintenance/components/system-maintenance-card'
import { PlatformConfigurationCard } from '@/features/settings/components/platform-configuration-card'
import { RenewalSettingsCard } from '@/features/settings/components/renewal-settings-card'
import { SecuritySettingsCard } from '@/features/settings/components/security-settings-card'
import { SupplierSettingsCard } from '@/features/settings/components/supplier-settings-card'
import { TrialTrustCard } from '@/features/settings/components/trial-trust-card'

export function BusinessSettingsTab({ currentUser }: { currentUser: AdminUser }) {
  const queryClient = useQueryClient()
  return (
    <div className="grid gap-6">
      <AdminUsersCard currentUser={currentUser} />
      <SecuritySettingsCard
        currentUser={currentUser}
        onSaved={() => void refreshAdminSession(queryClient)}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PlatformConfigurationCard />
        <TrialTrustCard />
        <SupplierSettingsCard />
        <SystemMaintenanceCard canBackup={currentUser.role === 'super_admin'} />
        {currentUser.role === 'super_admin' && <BackupFilesCard />}
        <ReminderSettingsCard />
        <RenewalSettingsCard currentUser={currentUser} />
      </div>
      <MessageTemplatesCard />
      <ActivityCard />
    </div>
  )
}
