import type { Plan } from '@common/plans'
import { FormDialog } from '@/components/form-dialog'
import { saveRecord } from '@/lib/save-record'
import { useCreatePlan } from '../api/create-plan'
import { useUpdatePlan } from '../api/update-plan'
import { planFormValues, type PlanFormInput, type PlanFormValues } from '../plan-form'
import { PlanForm } from './plan-form'

/** Closed, creating a plan (blank or from a template), or editing one. */
export type PlanDialogState =
  { mode: 'create'; values: PlanFormInput } | { mode: 'edit'; plan: Plan } | null

type PlanFormDialogProps = { state: PlanDialogState; onClose: () => void }

const formId = 'plan-form'

export function PlanFormDialog({ state, onClose }: PlanFormDialogProps) {
  const createPlan = useCreatePlan()
  const updatePlan = useUpdatePlan()
  const isEditing = state?.mode === 'edit'

  const handleSubmit = (input: PlanFormValues) =>
    saveRecord(input, {
      create: createPlan,
      update: updatePlan,
      id: state?.mode === 'edit' ? state.plan.id : undefined,
      created: { success: 'Plan created successfully', failure: 'Failed to create plan' },
      updated: { success: 'Plan updated successfully', failure: 'Failed to update plan' },
      onSaved: onClose,
    })

  return (
    <FormDialog
      isOpen={state !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={isEditing ? 'Edit Plan' : 'Create Plan'}
      description="The profit margin is computed from the price, the monthly cost and the months billed."
      formId={formId}
      submitLabel={isEditing ? 'Save Changes' : 'Create Plan'}
      isPending={createPlan.isPending || updatePlan.isPending}
    >
      {state && (
        <PlanForm
          formId={formId}
          defaultValues={state.mode === 'edit' ? planFormValues(state.plan) : state.values}
          onSubmit={handleSubmit}
        />
      )}
    </FormDialog>
  )
}
