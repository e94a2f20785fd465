import { SlidersHorizontal, Wrench } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { ComingSoon } from '@/components/coming-soon'
import { AdminUsersCard } from '@/features/admin-users/components/admin-users-card'

export function BusinessSettingsTab({ currentUser }: { currentUser: AdminUser }) {
  return (
    <div className="grid gap-6">
      <AdminUsersCard currentUser={currentUser} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ComingSoon icon={SlidersHorizontal} title="Platform Configuration">
          Trial duration and the default number of concurrent streams will be set here in a coming
          release.
        </ComingSoon>
        <ComingSoon icon={Wrench} title="System Maintenance">
          Expiring trials on demand and downloading a full backup will arrive in a coming release.
        </ComingSoon>
      </div>
    </div>
  )
}
