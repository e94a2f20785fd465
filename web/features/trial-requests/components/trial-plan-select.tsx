import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import { NativeSelect } from '@/components/ui/native-select'
import { useUpdateTrialRequest } from '../api/update-trial-request'

type TrialPlanSelectProps = { request: TrialRequest; plans: Plan[] }

/**
 * The trial plan, changed in place to one of the plans that exist. A plan the request names that
 * is none of them ("Not sure yet", a plan since deleted) stays listed as it was, not choosable.
 */
export function TrialPlanSelect({ request, plans }: TrialPlanSelectProps) {
  const update = useUpdateTrialRequest()
  const plan = update.isPending ? (update.variables.changes.plan ?? request.plan) : request.plan
  const names = plans.map((each) => each.name)
  const isPlan = (name: string) => names.includes(name)
  const choices = isPlan(request.plan) ? names : [request.plan, ...names]

  return (
    <NativeSelect
      aria-label={`Trial plan of ${request.name}`}
      value={plan}
      disabled={update.isPending}
      onChange={(event) =>
        isPlan(event.target.value) &&
        update.mutate({ id: request.id, changes: { plan: event.target.value } })
      }
      // Compact in the table; in a phone's card it fills its column.
      className="h-10 w-full md:h-8 md:w-36 md:py-1 md:pr-7 md:pl-2"
    >
      {choices.map((choice) => (
        <option key={choice} value={choice} disabled={!isPlan(choice)}>
          {choice}
        </option>
      ))}
    </NativeSelect>
  )
}
