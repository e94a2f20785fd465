import { toCents } from '@common/money'
import { planPriceLabel, profitMargin, type Plan } from '@common/plans'
import { RowActions } from '@/components/row-actions'
import { TruncatedList } from '@/components/truncated-list'
import { Switch } from '@/components/ui/switch'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatMoney } from '@/lib/format'
import { resultToasts } from '@/lib/result-toasts'
import { useDeletePlan } from '../api/delete-plan'
import { useUpdatePlan } from '../api/update-plan'
import { billingPeriodLabels } from '../billing-period-labels'
import { planInputWithActive } from '../plan-form'
import { MarginBadge } from './margin-badge'

// A plan saved without a cost is shown at a single connection's cost.
const fallbackCostPerMonth = '1.88'

export function PlanRow({ plan, onEdit }: { plan: Plan; onEdit: () => void }) {
  const updatePlan = useUpdatePlan()
  const deletePlan = useDeletePlan()
  const cost = plan.costPerMonth ?? fallbackCostPerMonth
  const margin =
    plan.profitMargin ??
    profitMargin(toCents(plan.price) ?? 0, toCents(cost) ?? 0, plan.billingPeriod)
  // The switch shows where it is going while the change is saved.
  const isActive = updatePlan.isPending ? (updatePlan.variables.input.active ?? true) : plan.active

  const handleActiveChange = (active: boolean) =>
    updatePlan.mutate(
      { id: plan.id, input: planInputWithActive(plan, active) },
      resultToasts({ success: 'Plan updated successfully', failure: 'Failed to update plan' }),
    )
  const handleDelete = () =>
    deletePlan.mutate(
      plan.id,
      resultToasts({ success: 'Plan deleted successfully', failure: 'Failed to delete plan' }),
    )

  return (
    <TableRow>
      <TableCell className="whitespace-normal">
        <p className="min-w-32 font-medium">{plan.name}</p>
        {plan.description && (
          <p className="line-clamp-1 max-w-56 text-xs text-muted-foreground">{plan.description}</p>
        )}
      </TableCell>
      <TableCell data-label="Price">{planPriceLabel(plan)}</TableCell>
      <TableCell data-label="Billing period">{billingPeriodLabels[plan.billingPeriod]}</TableCell>
      <TableCell data-label="Cost / month" className="tabular-nums">
        {formatMoney(cost)}
      </TableCell>
      <TableCell data-label="Profit margin">
        <MarginBadge margin={margin} />
      </TableCell>
      <TableCell data-label="Features">
        <TruncatedList items={plan.features} visible={2} empty="None" />
      </TableCell>
      <TableCell data-label="Active">
        <Switch
          checked={isActive}
          onCheckedChange={handleActiveChange}
          disabled={updatePlan.isPending}
          aria-label={`Active: ${plan.name}`}
        />
      </TableCell>
      <TableCell>
        <RowActions
          name={plan.name}
          onEdit={onEdit}
          deleteTitle="Delete plan?"
          deleteDescription={`${plan.name} will be removed and no longer offered. This cannot be undone.`}
          onDelete={handleDelete}
          isDeleting={deletePlan.isPending}
        />
      </TableCell>
    </TableRow>
  )
}
