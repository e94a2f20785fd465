import type { SecuritySettings } from '@common/settings'
import { SettingsSummary } from '@/components/settings-summary'
import { plural } from '@/lib/plural'

/** The security settings as an admin who may not change them sees them. */
export function SecuritySettingsSummary({ settings }: { settings: SecuritySettings }) {
  return (
    <SettingsSummary
      rows={[
        ['Idle timeout', plural(settings.sessionIdleMinutes, 'minute')],
        ['Session lifetime', plural(settings.sessionAbsoluteDays, 'day')],
        [
          'Two-factor sign-in for super admins',
          settings.requireTwoFactorForSuperAdmins ? 'Required' : 'Optional',
        ],
      ]}
    />
  )
}
