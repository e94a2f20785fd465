import { trialPlans, type TrialRequest } from '@common/trial-requests'
import { NativeSelect } from '@/components/ui/native-select'
import { useUpdateTrialRequest } from '../api/update-trial-request'

type TrialPlan = (typeof trialPlans)[number]

const isTrialPlan = (plan: string): plan is TrialPlan =>
  (trialPlans as readonly string[]).includes(plan)

/** The trial plan, changed in place. A plan named on the public form stays listed as it was. */
export function TrialPlanSelect({ request }: { request: TrialRequest }) {
  const update = useUpdateTrialRequest()
  const plan = update.isPending ? (update.variables.changes.plan ?? request.plan) : request.plan
  const choices = isTrialPlan(request.plan) ? trialPlans : [request.plan, ...trialPlans]

  const handleChange = (next: TrialPlan) =>
    update.mutate({ id: request.id, changes: { plan: next } })

  return (
    <NativeSelect
      aria-label={`Trial plan of ${request.name}`}
      value={plan}
      disabled={update.isPending}
      onChange={(event) => isTrialPlan(event.target.value) && handleChange(event.target.value)}
      // Compact in the table; in a phone's card it fills its column, so "Household" fits.
      className="h-10 w-full md:h-8 md:w-28 md:py-1 md:pr-7 md:pl-2"
    >
      {choices.map((choice) => (
        <option key={choice} value={choice} disabled={!isTrialPlan(choice)}>
          {choice}
        </option>
      ))}
    </NativeSelect>
  )
}
