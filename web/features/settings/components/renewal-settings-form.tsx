import { renewalSettings, type RenewalSettings } from '@common/settings'
import { SettingsForm } from '@/components/settings-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useSettingsForm } from '@/components/use-settings-form'
import { WholeNumberField } from '@/components/whole-number-field'
import { useSaveRenewalSettings } from '../api/save-renewal-settings'

/** The renewal settings, saved together; the form follows what the server answered. */
export function RenewalSettingsForm({ settings }: { settings: RenewalSettings }) {
  const save = useSaveRenewalSettings()
  const { register, onSubmit, formState } = useSettingsForm({
    schema: renewalSettings,
    values: settings,
    save,
    what: 'renewal settings',
  })
  const { errors, isDirty } = formState

  return (
    <SettingsForm
      label="Renewals"
      onSubmit={onSubmit}
      isDirty={isDirty}
      isPending={save.isPending}
      submitLabel="Save settings"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          id="renewal-notice-days"
          label="Notice before a renewal (days)"
          hint="Card payers hear when it renews, how much and on which card."
          error={errors.renewalNoticeDays?.message}
          min={1}
          max={14}
          registration={register('renewalNoticeDays', { valueAsNumber: true })}
        />
        <WholeNumberField
          id="renewal-grace-days"
          label="Grace period after a declined card (days)"
          hint="The line stays on this long after the end while the card is tried again."
          error={errors.renewalGraceDays?.message}
          min={0}
          max={7}
          registration={register('renewalGraceDays', { valueAsNumber: true })}
        />
      </div>
      <FormField
        id="renewal-retention-code"
        label="Discount offered to stay"
        hint="A discount code offered once to a customer about to turn renewal off. Leave empty for none."
        error={errors.retentionDiscountCode?.message}
      >
        {(props) => <Input autoComplete="off" {...props} {...register('retentionDiscountCode')} />}
      </FormField>
    </SettingsForm>
  )
}
