import type { Plan } from '@common/plans'
import { QueryStates } from '@/components/list-states'
import { RecordTable } from '@/components/record-table'
import { useAllPlans } from '../api/get-all-plans'
import { PlanRow } from './plan-row'

const columns = [
  'Plan',
  'Price',
  'Billing period',
  'Cost / month',
  'Profit margin',
  'Features',
  'Active',
]

/** Every plan, active or not, in the public order (sort order, then price). */
export function PlansTable({ onEdit }: { onEdit: (plan: Plan) => void }) {
  return (
    <QueryStates query={useAllPlans()} loadingLabel="Loading plans">
      {(plans) => (
        <RecordTable
          caption="Plans"
          columns={columns}
          records={plans}
          empty="No plans yet. Start from a quick template or create one."
        >
          {(plan) => <PlanRow key={plan.id} plan={plan} onEdit={() => onEdit(plan)} />}
        </RecordTable>
      )}
    </QueryStates>
  )
}
