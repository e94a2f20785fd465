import { trialTrustSettings, type TrialTrustSettings } from '@common/settings'
import { trustPenalties } from '@common/trial-trust'
import { FormSwitchField } from '@/components/switch-field'
import { SettingsForm } from '@/components/settings-form'
import { WholeNumberField } from '@/components/whole-number-field'
import { useSettingsForm } from '@/components/use-settings-form'
import { useSaveTrialTrustSettings } from '../api/save-trial-trust-settings'

type RuleName = {
  [K in keyof TrialTrustSettings]: TrialTrustSettings[K] extends boolean ? K : never
}[keyof TrialTrustSettings]

const rules: { name: RuleName; label: string; description: string }[] = [
  {
    name: 'checksDisposableEmail',
    label: 'Disposable e-mail domains',
    description: `−${trustPenalties.disposableEmail} for a throwaway address (a maintained list of such domains).`,
  },
  {
    name: 'checksNetwork',
    label: 'Many requests from one network',
    description: `−${trustPenalties.network} when one home or office network sent more requests in 24 hours than allowed below.`,
  },
  {
    name: 'checksEarlierTrial',
    label: 'Trial before',
    description: `−${trustPenalties.earlierTrial} when the same person's earlier trial expired or was cancelled.`,
  },
  {
    name: 'checksGeneratedLooking',
    label: 'Generated-looking names and e-mails',
    description: `−${trustPenalties.generatedName} each for a name or an address that looks made up by a script.`,
  },
]

/** The trust rules and thresholds, saved together; the form follows what the server answered. */
export function TrialTrustForm({ settings }: { settings: TrialTrustSettings }) {
  const save = useSaveTrialTrustSettings()
  const { register, control, onSubmit, formState } = useSettingsForm({
    schema: trialTrustSettings,
    values: settings,
    save,
    what: 'trial trust rules',
  })
  const { errors, isDirty } = formState

  return (
    <SettingsForm
      label="Trial Trust Rules"
      onSubmit={onSubmit}
      isDirty={isDirty}
      isPending={save.isPending}
      submitLabel="Save rules"
    >
      {rules.map((rule) => (
        <FormSwitchField key={rule.name} control={control} id={`trust-${rule.name}`} {...rule} />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          id="trust-network-requests"
          label="Requests per network in 24 hours"
          hint="More than this many from one network lowers trust."
          error={errors.networkRequestsPerDay?.message}
          min={1}
          max={1000}
          registration={register('networkRequestsPerDay', { valueAsNumber: true })}
        />
        <WholeNumberField
          id="trust-flag-below"
          label="Flag below score"
          hint="Requests scoring lower are flagged for a closer look."
          error={errors.flagBelowScore?.message}
          min={0}
          max={100}
          registration={register('flagBelowScore', { valueAsNumber: true })}
        />
      </div>
    </SettingsForm>
  )
}
