import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import type { Plan } from '@common/plans'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { WholeNumberField } from '@/components/whole-number-field'

/** One field of the group: what `register(name, …)` returned, and its message. */
type Field = { registration: UseFormRegisterReturn; error: string | undefined }

type PlanTermFieldsProps = {
  /** The fields' ids start with it: `-plan`, `-months`, `-price`, `-discount`. */
  idPrefix: string
  /** The plan to choose; absent where the plan is given (an extension keeps the paid plan). */
  plan?: Field & {
    label: string
    plans: Plan[]
    /** What the form holds for a plan: its id, or its name where the server takes a name. */
    valueOf: (plan: Plan) => string
  }
  months: Field & { label: string }
  /** The price for the term, beside the months. */
  price?: Field & { hint?: string }
  /** An optional discount code, beside the months. */
  discount?: Field
  /** A field of the dialog's own beside the months (the method money came by). */
  beside?: ReactNode
}

/**
 * The plan, the term (1–12 months) and what it costs or the code that lowers it, laid out alike in
 * every money dialog: the plan on its own line, the months and their neighbour side by side from
 * tablet width.
 */
export function PlanTermFields({
  idPrefix,
  plan,
  months,
  price,
  discount,
  beside,
}: PlanTermFieldsProps) {
  return (
    <>
      {plan && (
        <FormField id={`${idPrefix}-plan`} label={plan.label} error={plan.error}>
          {(controlProps) => (
            <NativeSelect {...controlProps} {...plan.registration}>
              <option value="">Choose a plan</option>
              {plan.plans.map((each) => (
                <option key={each.id} value={plan.valueOf(each)}>
                  {each.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          id={`${idPrefix}-months`}
          label={months.label}
          error={months.error}
          min={1}
          max={12}
          registration={months.registration}
        />
        {price && (
          <FormField id={`${idPrefix}-price`} label="Price" error={price.error} hint={price.hint}>
            {(controlProps) => (
              <Input inputMode="decimal" {...controlProps} {...price.registration} />
            )}
          </FormField>
        )}
        {discount && (
          <FormField
            id={`${idPrefix}-discount`}
            label="Discount code (optional)"
            error={discount.error}
          >
            {(controlProps) => (
              <Input
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={50}
                {...controlProps}
                {...discount.registration}
              />
            )}
          </FormField>
        )}
        {beside}
      </div>
    </>
  )
}
