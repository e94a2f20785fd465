import type { Discount } from '@common/discounts'
import { RowActions } from '@/components/row-actions'
import { TruncatedList } from '@/components/truncated-list'
import { Switch } from '@/components/ui/switch'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatCalendarDate } from '@/lib/calendar-date'
import { formatMoney } from '@/lib/format'
import { resultToasts } from '@/lib/result-toasts'
import { useDeleteDiscount } from '../api/delete-discount'
import { useUpdateDiscount } from '../api/update-discount'
import { discountInputWithActive } from '../discount-form'

/** "15%", "$5.00 off", or both. */
function discountValue({ percentage, amount }: Discount): string {
  const parts = [percentage && `${Number(percentage)}%`, amount && `${formatMoney(amount)} off`]
  return parts.filter(Boolean).join(' + ') || '—'
}

/** "Used 2 of 10", or "Used 2" without a limit; checkouts still open are counted and told. */
function usage({ usedCount, reservedCount, maxRedemptions }: Discount) {
  const used =
    maxRedemptions === null ? `Used ${usedCount}` : `Used ${usedCount} of ${maxRedemptions}`
  return { used, open: reservedCount > 0 ? `${reservedCount} in open checkouts` : null }
}

export function DiscountRow({ discount, onEdit }: { discount: Discount; onEdit: () => void }) {
  const updateDiscount = useUpdateDiscount()
  const deleteDiscount = useDeleteDiscount()
  // The switch shows where it is going while the change is saved.
  const isActive = updateDiscount.isPending
    ? (updateDiscount.variables.input.active ?? true)
    : discount.active

  const handleActiveChange = (active: boolean) =>
    updateDiscount.mutate(
      { id: discount.id, input: discountInputWithActive(discount, active) },
      resultToasts({
        success: 'Discount updated successfully',
        failure: 'Failed to update discount',
      }),
    )
  const handleDelete = () =>
    deleteDiscount.mutate(
      discount.id,
      resultToasts({
        success: 'Discount deleted successfully',
        failure: 'Failed to delete discount',
      }),
    )

  const { used, open } = usage(discount)

  return (
    <TableRow>
      <TableCell className="font-medium">{discount.name}</TableCell>
      <TableCell data-label="Code">
        {discount.code ? (
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{discount.code}</code>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell data-label="Discount" className="tabular-nums">
        {discountValue(discount)}
      </TableCell>
      <TableCell data-label="Valid">
        {formatCalendarDate(discount.validFrom)} –{' '}
        {discount.validTo ? formatCalendarDate(discount.validTo) : 'no end'}
      </TableCell>
      <TableCell data-label="Plans">
        <TruncatedList items={discount.applicablePlans} visible={2} empty="All plans" />
      </TableCell>
      <TableCell data-label="Uses" className="tabular-nums">
        <div>{used}</div>
        {(open || discount.oncePerPerson) && (
          <div className="text-xs text-muted-foreground">
            {[open, discount.oncePerPerson && 'once per person'].filter(Boolean).join(' · ')}
          </div>
        )}
      </TableCell>
      <TableCell data-label="Active">
        <Switch
          checked={isActive}
          onCheckedChange={handleActiveChange}
          disabled={updateDiscount.isPending}
          aria-label={`Active: ${discount.name}`}
        />
      </TableCell>
      <TableCell>
        <RowActions
          name={discount.name}
          onEdit={onEdit}
          deleteTitle="Delete discount?"
          deleteDescription={`${discount.name} will be removed. This cannot be undone.`}
          onDelete={handleDelete}
          isDeleting={deleteDiscount.isPending}
        />
      </TableCell>
    </TableRow>
  )
}
