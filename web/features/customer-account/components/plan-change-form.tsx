import { useState } from 'react'
import type { CustomerAccount } from '@common/customer-account'
import { formatCents, toCents } from '@common/money'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { formatDate, formatMoneyIn } from '@/lib/format'
import { usePlanChange } from '../api/renewal'

type Plan = CustomerAccount['plans'][number]

type PlanChangeFormProps = {
  plans: Plan[]
  /** The plan the customer is on (renews on), for what a choice would do. */
  currentPlanId: string | null
  endsAt: string | null
  /** A later plan only moves with an automatic renewal: off, it waits for renewal to be on. */
  autoRenew: boolean
}

const perMonth = (plan: Plan) => (toCents(plan.price) ?? 0) / plan.months

/** What choosing `plan` does, said before the customer confirms it. */
function consequence(
  plan: Plan,
  current: Plan | undefined,
  endsAt: string | null,
  autoRenew: boolean,
): string {
  if (plan.id === current?.id) return 'Your current plan: any change you scheduled is cancelled.'
  if (current && perMonth(plan) > perMonth(current)) {
    return `Starts now: the unused part of your current period is taken off ${formatMoneyIn(plan.price, plan.currency)}, and the rest is charged to your card.`
  }
  const from = endsAt ? ` on ${formatDate(endsAt)}` : ''
  return autoRenew
    ? `Starts${from || ' at your next renewal'}, when your current period ends. Nothing is charged now.`
    : `Chosen for your next automatic renewal${from}: turn automatic renewal on to move to it. Nothing is charged now.`
}

/** "Change plan": every plan on sale, with what happens (now with the charge, or from a date). */
export function PlanChangeForm({
  plans: offered,
  currentPlanId,
  endsAt,
  autoRenew,
}: PlanChangeFormProps) {
  const current = offered.find((plan) => plan.id === currentPlanId)
  // A change keeps the currency: plans priced in another are not offered (the server refuses them).
  const plans = current ? offered.filter((plan) => plan.currency === current.currency) : offered
  const [planId, setPlanId] = useState(
    plans.find((plan) => plan.id !== currentPlanId)?.id ?? plans[0]?.id ?? '',
  )
  const change = usePlanChange()
  const chosen = plans.find((plan) => plan.id === planId)
  const refusal = change.error instanceof ApiError ? change.error : null
  const payLink = (refusal?.body as { checkoutUrl?: string | null } | undefined)?.checkoutUrl
  const failure = change.isError
    ? (refusal?.serverMessage ??
      'We could not reach the server. Check your connection and try again.')
    : undefined
  const done = change.data
  // Nothing to change to: no other plan on sale in the customer's currency.
  if (!chosen || plans.length < 2) return null

  return (
    <form
      className="grid gap-3"
      aria-label="Change plan"
      onSubmit={(event) => {
        event.preventDefault()
        change.mutate(planId)
      }}
    >
      <FormField id="plan-change-plan" label="Plan">
        {(controlProps) => (
          <NativeSelect
            {...controlProps}
            value={planId}
            onChange={(event) => {
              setPlanId(event.target.value)
              change.reset()
            }}
          >
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name} · {formatMoneyIn(plan.price, plan.currency)}{' '}
                {plan.months === 1 ? 'a month' : `every ${plan.months} months`}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <p className="text-sm text-muted-foreground">
        {consequence(chosen, current, endsAt, autoRenew)}
      </p>
      <FormAlert message={failure} />
      {payLink && (
        <a className="text-sm font-medium text-primary underline" href={payLink}>
          Pay for {chosen.name}
        </a>
      )}
      {done && (
        <p role="status" className="rounded-lg border p-3 text-sm">
          {done.effective === 'now'
            ? `You are on ${chosen.name} now, until ${formatDate(done.newEnd)}: ${formatMoneyIn(formatCents(done.chargedMinor), chosen.currency)} charged, ${formatMoneyIn(formatCents(done.creditMinor), chosen.currency)} credited.`
            : chosen.id === current?.id
              ? 'You stay on your current plan.'
              : autoRenew
                ? `${chosen.name} starts on ${formatDate(done.newEnd)}. Nothing was charged.`
                : `${chosen.name} is chosen for your next automatic renewal, on ${formatDate(done.newEnd)}. Nothing was charged.`}
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending}>
          Change plan
        </Button>
      </div>
    </form>
  )
}
