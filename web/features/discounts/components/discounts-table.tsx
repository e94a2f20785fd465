import type { Discount } from '@common/discounts'
import { ListEmpty, ListLoadError, ListLoading } from '@/components/list-states'
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useDiscounts } from '../api/get-discounts'
import { DiscountRow } from './discount-row'

export function DiscountsTable({ onEdit }: { onEdit: (discount: Discount) => void }) {
  const discounts = useDiscounts()

  if (discounts.isPending) return <ListLoading label="Loading discounts" />
  if (discounts.isError) return <ListLoadError onRetry={() => void discounts.refetch()} />
  if (discounts.data.length === 0) return <ListEmpty>No discounts yet.</ListEmpty>
  return (
    <Table>
      <TableCaption className="sr-only">Discounts</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Code</TableHead>
          <TableHead>Discount</TableHead>
          <TableHead>Valid</TableHead>
          <TableHead>Plans</TableHead>
          <TableHead>Active</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {discounts.data.map((discount) => (
          <DiscountRow key={discount.id} discount={discount} onEdit={() => onEdit(discount)} />
        ))}
      </TableBody>
    </Table>
  )
}
