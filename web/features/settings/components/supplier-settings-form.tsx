import { useEffect } from 'react'
import { packageIdFieldId } from '@common/routes'
import { supplierSettings, type SupplierSettings } from '@common/settings'
import { SettingsForm } from '@/components/settings-form'
import { FormField } from '@/components/ui/form-field'
import { WholeNumberField } from '@/components/whole-number-field'
import { Input } from '@/components/ui/input'
import { useSettingsForm } from '@/components/use-settings-form'
import { useSaveSupplierSettings } from '../api/save-supplier-settings'

/** The supplier settings, saved together; the form follows what the server answered. */
export function SupplierSettingsForm({ settings }: { settings: SupplierSettings }) {
  const save = useSaveSupplierSettings()
  const { register, onSubmit, formState } = useSettingsForm({
    schema: supplierSettings,
    values: settings,
    save,
    what: 'supplier settings',
  })
  const { errors, isDirty } = formState
  // A refusal for want of the package ID links here (`#supplier-package`): the field is ready.
  useEffect(() => {
    if (window.location.hash === `#${packageIdFieldId}`) {
      document.getElementById(packageIdFieldId)?.focus()
    }
  }, [])

  return (
    <SettingsForm
      label="Supplier Settings"
      onSubmit={onSubmit}
      isDirty={isDirty}
      isPending={save.isPending}
      submitLabel="Save settings"
    >
      <FormField
        id={packageIdFieldId}
        label="Package ID for new lines"
        hint="The bouquet id(s) of the lines made for trials and subscribers, e.g. 12 or 1, 4."
        error={errors.packageId?.message}
      >
        {(props) => <Input autoComplete="off" {...props} {...register('packageId')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          id="supplier-grace"
          label="Grace period (days)"
          hint="How long a line keeps playing after its trial or subscription ended."
          error={errors.gracePeriodDays?.message}
          min={0}
          max={90}
          registration={register('gracePeriodDays', { valueAsNumber: true })}
        />
        <WholeNumberField
          id="supplier-credit-alert"
          label="Credit alert below"
          hint="Admins are notified when the panel's credits fall below this."
          error={errors.creditAlertThreshold?.message}
          min={0}
          registration={register('creditAlertThreshold', { valueAsNumber: true })}
        />
        <WholeNumberField
          id="supplier-credit-days"
          label="Credit alert below (days left)"
          hint="Admins are notified when the credits foreseen last fewer days than this."
          error={errors.creditDaysAlert?.message}
          min={1}
          max={365}
          registration={register('creditDaysAlert', { valueAsNumber: true })}
        />
        <WholeNumberField
          id="supplier-credits-per-line"
          label="Credits per line"
          hint="What one new line costs on the panel: admins are also notified below the cost of the next 10 lines."
          error={errors.creditsPerLine?.message}
          min={0}
          registration={register('creditsPerLine', { valueAsNumber: true })}
        />
      </div>
    </SettingsForm>
  )
}
