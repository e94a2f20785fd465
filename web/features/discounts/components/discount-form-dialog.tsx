import type { Discount, DiscountValues } from '@common/discounts'
import { FormDialog } from '@/components/form-dialog'
import { saveRecord } from '@/lib/save-record'
import { useCreateDiscount } from '../api/create-discount'
import { useUpdateDiscount } from '../api/update-discount'
import { discountFormValues, newDiscountForm } from '../discount-form'
import { DiscountForm } from './discount-form'

/** Closed, creating a discount, or editing one. */
export type DiscountDialogState = { mode: 'create' } | { mode: 'edit'; discount: Discount } | null

type DiscountFormDialogProps = {
  state: DiscountDialogState
  planNames: string[] | undefined
  onClose: () => void
}

const formId = 'discount-form'

export function DiscountFormDialog({ state, planNames, onClose }: DiscountFormDialogProps) {
  const createDiscount = useCreateDiscount()
  const updateDiscount = useUpdateDiscount()
  const isEditing = state?.mode === 'edit'

  const handleSubmit = (input: DiscountValues, setCodeError: (message: string) => void) =>
    saveRecord(input, {
      create: createDiscount,
      update: updateDiscount,
      id: state?.mode === 'edit' ? state.discount.id : undefined,
      created: { success: 'Discount created successfully', failure: 'Failed to create discount' },
      updated: { success: 'Discount updated successfully', failure: 'Failed to update discount' },
      onSaved: onClose,
      onConflict: setCodeError,
    })

  return (
    <FormDialog
      isOpen={state !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={isEditing ? 'Edit Discount' : 'Create Discount'}
      description="A percentage, an amount or both; an empty field means none."
      formId={formId}
      submitLabel={isEditing ? 'Save Changes' : 'Create Discount'}
      isPending={createDiscount.isPending || updateDiscount.isPending}
    >
      {state && (
        <DiscountForm
          formId={formId}
          defaultValues={
            state.mode === 'edit' ? discountFormValues(state.discount) : newDiscountForm()
          }
          planNames={planNames}
          onSubmit={handleSubmit}
        />
      )}
    </FormDialog>
  )
}
