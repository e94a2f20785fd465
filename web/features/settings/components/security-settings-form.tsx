import { useWatch } from 'react-hook-form'
import { securitySettings, type SecuritySettings } from '@common/settings'
import { FormSwitchField } from '@/components/switch-field'
import { SettingsForm } from '@/components/settings-form'
import { WholeNumberField } from '@/components/whole-number-field'
import { useSettingsForm } from '@/components/use-settings-form'
import { useSaveSecuritySettings } from '../api/save-security-settings'

type SecuritySettingsFormProps = {
  settings: SecuritySettings
  /** Whether the super admin editing has two-factor sign-in: requiring it would ask them now. */
  hasTwoFactor: boolean
  onSaved: () => void
}

/** The three sign-in rules, saved together; the form follows what the server last answered. */
export function SecuritySettingsForm({
  settings,
  hasTwoFactor,
  onSaved,
}: SecuritySettingsFormProps) {
  const save = useSaveSecuritySettings()
  const { register, onSubmit, control, formState } = useSettingsForm({
    schema: securitySettings,
    values: settings,
    save,
    what: 'security settings',
    onSaved,
  })
  const { errors, isDirty } = formState
  const isRequiring = useWatch({ control, name: 'requireTwoFactorForSuperAdmins' })
  const willAskMe = isRequiring && !hasTwoFactor

  return (
    <SettingsForm
      label="Sign-in Security"
      onSubmit={onSubmit}
      isDirty={isDirty}
      isPending={save.isPending}
      submitLabel="Save settings"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          id="session-idle-minutes"
          label="Idle timeout (minutes)"
          hint="Signs an admin out after this long without activity: 5 to 1440."
          error={errors.sessionIdleMinutes?.message}
          min={5}
          max={1440}
          registration={register('sessionIdleMinutes', { valueAsNumber: true })}
        />
        <WholeNumberField
          id="session-absolute-days"
          label="Session lifetime (days)"
          hint="Every session ends this long after sign-in, active or not: 1 to 30."
          error={errors.sessionAbsoluteDays?.message}
          min={1}
          max={30}
          registration={register('sessionAbsoluteDays', { valueAsNumber: true })}
        />
      </div>
      <FormSwitchField
        id="require-two-factor"
        label="Require two-factor sign-in for super admins"
        description={
          willAskMe
            ? 'You have not turned it on yourself: once saved, you set it up before anything else.'
            : 'Super admins without it must set it up before they can continue.'
        }
        control={control}
        name="requireTwoFactorForSuperAdmins"
      />
    </SettingsForm>
  )
}
