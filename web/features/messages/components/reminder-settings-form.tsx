import { z } from 'zod'
import { reminderSettings, type ReminderSettings } from '@common/settings'
import { FormSwitchField } from '@/components/switch-field'
import { SettingsForm } from '@/components/settings-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useSettingsForm } from '@/components/use-settings-form'
import { useSaveReminderSettings } from '../api/save-reminder-settings'

/** "7, 3, 1" as numbers; a word that is no number stays NaN, for the schema to name. */
const numberList = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)

// The offsets are typed as a list in one field each, then checked by the server's own rules. The
// fields ask for no numeric keypad: a phone's has no comma to separate them.
const reminderForm = z.object({
  subscriptionReminderDays: z
    .string()
    .transform(numberList)
    .pipe(reminderSettings.shape.subscriptionReminderDays),
  trialReminderHours: z
    .string()
    .transform(numberList)
    .pipe(reminderSettings.shape.trialReminderHours),
  sendsExpiryMessage: z.boolean(),
})

const asText = (list: number[]) => list.join(', ')

/** The offsets and the message on expiry, saved together. */
export function ReminderSettingsForm({ settings }: { settings: ReminderSettings }) {
  const save = useSaveReminderSettings()
  const { register, control, onSubmit, formState } = useSettingsForm({
    schema: reminderForm,
    values: {
      ...settings,
      subscriptionReminderDays: asText(settings.subscriptionReminderDays),
      trialReminderHours: asText(settings.trialReminderHours),
    },
    save,
    what: 'reminder settings',
  })
  const { errors, isDirty } = formState

  return (
    <SettingsForm
      label="Reminders"
      onSubmit={onSubmit}
      isDirty={isDirty}
      isPending={save.isPending}
      submitLabel="Save reminders"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="reminder-subscription-days"
          label="Before a subscription ends (days)"
          hint="Separated by commas, e.g. 7, 3, 1. Leave empty for none."
          error={errors.subscriptionReminderDays?.message}
        >
          {(props) => <Input {...props} {...register('subscriptionReminderDays')} />}
        </FormField>
        <FormField
          id="reminder-trial-hours"
          label="Before a trial ends (hours)"
          hint="Separated by commas, e.g. 3. Leave empty for none."
          error={errors.trialReminderHours?.message}
        >
          {(props) => <Input {...props} {...register('trialReminderHours')} />}
        </FormField>
      </div>
      <FormSwitchField
        control={control}
        id="reminder-on-expiry"
        name="sendsExpiryMessage"
        label="Message on expiry"
        description="When a trial or subscription has ended: a link to renew."
      />
    </SettingsForm>
  )
}
