import { Save } from 'lucide-react'
import {
  maxStreamChoices,
  platformSettings,
  trialDurations,
  type PlatformSettings,
} from '@common/settings'
import { FormSwitchField } from '@/components/switch-field'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { useSettingsForm } from '@/components/use-settings-form'
import { useSavePlatformSettings } from '../api/save-platform-settings'

// Suggestions only: the server checks the name, and PostgreSQL knows a few Intl leaves out.
const timeZoneNames = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC'),
]

const trialDurationLabels: Record<(typeof trialDurations)[number], string> = {
  24: '24 hours',
  48: '48 hours',
  168: '7 days',
}

/** The settings, saved together; the form follows what the server last answered. */
export function PlatformConfigurationForm({ settings }: { settings: PlatformSettings }) {
  const save = useSavePlatformSettings()
  const { register, control, onSubmit, formState } = useSettingsForm({
    schema: platformSettings,
    values: settings,
    save,
    what: 'platform settings',
  })
  const { errors, isDirty } = formState

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Platform Configuration" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="trial-duration"
          label="Trial duration"
          error={errors.trialDurationHours?.message}
        >
          {(controlProps) => (
            <NativeSelect
              {...controlProps}
              {...register('trialDurationHours', { valueAsNumber: true })}
            >
              {trialDurations.map((hours) => (
                <option key={hours} value={hours}>
                  {trialDurationLabels[hours]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="max-concurrent-streams"
          label="Max concurrent streams"
          error={errors.maxConcurrentStreams?.message}
        >
          {(controlProps) => (
            <NativeSelect
              {...controlProps}
              {...register('maxConcurrentStreams', { valueAsNumber: true })}
            >
              {maxStreamChoices.map((streams) => (
                <option key={streams} value={streams}>
                  {streams}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField
        id="business-time-zone"
        label="Business time zone"
        error={errors.timeZone?.message}
        hint="Where your calendar months begin and end for Financials: MRR, churn and revenue per month."
      >
        {(controlProps) => (
          <>
            <Input
              autoComplete="off"
              spellCheck={false}
              list="business-time-zone-names"
              placeholder="UTC"
              {...controlProps}
              {...register('timeZone')}
            />
            <datalist id="business-time-zone-names">
              {timeZoneNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormSwitchField
        control={control}
        id="auto-start-trials"
        name="autoStartTrials"
        label="Start trials automatically"
        description="A request that passes the trial trust rules gets its trial line on the supplier panel and its login by e-mail within a minute, with no admin. The others wait for an admin, who sees why."
      />
      <Button type="submit" className="w-fit" disabled={!isDirty || save.isPending}>
        {save.isPending ? <Spinner /> : <Save aria-hidden />}
        Save settings
      </Button>
    </form>
  )
}
