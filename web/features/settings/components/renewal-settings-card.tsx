import { RefreshCcw } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { SettingsSummary } from '@/components/settings-summary'
import { plural } from '@/lib/plural'
import { useRenewalSettings } from '../api/get-renewal-settings'
import { RenewalSettingsForm } from './renewal-settings-form'

/** 'Renewals': when card payers are told before a charge, how long a failing card keeps the line. */
export function RenewalSettingsCard({ currentUser }: { currentUser: AdminUser }) {
  const settings = useRenewalSettings()
  const canEdit = currentUser.role === 'super_admin'
  return (
    <SectionCard
      title="Renewals"
      icon={RefreshCcw}
      description={
        canEdit
          ? 'Customers who pay by card are charged again when their period ends, and told beforehand. Changes apply to renewals from now on.'
          : 'How customers are told before a renewal and how long a failing card keeps the line on. Only a super admin can change these settings.'
      }
    >
      <QueryStates query={settings} loadingLabel="Loading renewal settings">
        {(data) =>
          canEdit ? (
            <RenewalSettingsForm settings={data} />
          ) : (
            <SettingsSummary
              rows={[
                ['Notice before a renewal', plural(data.renewalNoticeDays, 'day')],
                ['Grace period after a declined card', plural(data.renewalGraceDays, 'day')],
                ['Discount offered to stay', data.retentionDiscountCode || 'None'],
              ]}
            />
          )
        }
      </QueryStates>
    </SectionCard>
  )
}
