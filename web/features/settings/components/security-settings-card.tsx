import { LockKeyhole } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { useSecuritySettings } from '../api/get-security-settings'
import { SecuritySettingsForm } from './security-settings-form'
import { SecuritySettingsSummary } from './security-settings-summary'

type SecuritySettingsCardProps = {
  currentUser: AdminUser
  /** After a save: the rules may now ask the signed-in admin for two-factor set-up. */
  onSaved: () => void
}

/** 'Sign-in Security': session limits and two-factor for super admins; only they may change it. */
export function SecuritySettingsCard({ currentUser, onSaved }: SecuritySettingsCardProps) {
  const settings = useSecuritySettings()
  const canEdit = currentUser.role === 'super_admin'
  return (
    <SectionCard
      title="Sign-in Security"
      icon={LockKeyhole}
      description={
        canEdit
          ? 'How long admins stay signed in, and whether super admins need two-factor sign-in. Changes apply to every session at once, yours included.'
          : 'How long admins stay signed in. Only a super admin can change these settings.'
      }
    >
      <QueryStates query={settings} loadingLabel="Loading security settings">
        {(data) =>
          canEdit ? (
            <SecuritySettingsForm
              settings={data}
              hasTwoFactor={currentUser.twoFactorEnabled}
              onSaved={onSaved}
            />
          ) : (
            <SecuritySettingsSummary settings={data} />
          )
        }
      </QueryStates>
    </SectionCard>
  )
}
