import type { SecuritySettings } from '@common/settings'

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/** The security settings as an admin who may not change them sees them. */
export function SecuritySettingsSummary({ settings }: { settings: SecuritySettings }) {
  const rows = [
    ['Idle timeout', plural(settings.sessionIdleMinutes, 'minute')],
    ['Session lifetime', plural(settings.sessionAbsoluteDays, 'day')],
    [
      'Two-factor sign-in for super admins',
      settings.requireTwoFactorForSuperAdmins ? 'Required' : 'Optional',
    ],
  ]
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 rounded-lg border bg-muted/30 p-3">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
