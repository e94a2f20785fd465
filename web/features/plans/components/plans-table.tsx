import type { Plan } from '@common/plans'
import { ListEmpty, ListLoadError, ListLoading } from '@/components/list-states'
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useAllPlans } from '../api/get-all-plans'
import { PlanRow } from './plan-row'

/** Every plan, active or not, in the public order (sort order, then price). */
export function PlansTable({ onEdit }: { onEdit: (plan: Plan) => void }) {
  const plans = useAllPlans()

  if (plans.isPending) return <ListLoading label="Loading plans" />
  if (plans.isError) return <ListLoadError onRetry={() => void plans.refetch()} />
  if (plans.data.length === 0) {
    return <ListEmpty>No plans yet. Start from a quick template or create one.</ListEmpty>
  }
  return (
    <Table>
      <TableCaption className="sr-only">Plans</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Plan</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Billing period</TableHead>
          <TableHead>Cost / month</TableHead>
          <TableHead>Profit margin</TableHead>
          <TableHead>Features</TableHead>
          <TableHead>Active</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {plans.data.map((plan) => (
          <PlanRow key={plan.id} plan={plan} onEdit={() => onEdit(plan)} />
        ))}
      </TableBody>
    </Table>
  )
}
