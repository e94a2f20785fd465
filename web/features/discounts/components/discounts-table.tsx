import type { Discount } from '@common/discounts'
import { QueryStates } from '@/components/list-states'
import { RecordTable } from '@/components/record-table'
import { useDiscounts } from '../api/get-discounts'
import { DiscountRow } from './discount-row'

const columns = ['Name', 'Code', 'Discount', 'Valid', 'Plans', 'Uses', 'Active']

export function DiscountsTable({ onEdit }: { onEdit: (discount: Discount) => void }) {
  return (
    <QueryStates query={useDiscounts()} loadingLabel="Loading discounts">
      {(discounts) => (
        <RecordTable
          caption="Discounts"
          columns={columns}
          records={discounts}
          empty="No discounts yet."
        >
          {(discount) => (
            <DiscountRow key={discount.id} discount={discount} onEdit={() => onEdit(discount)} />
          )}
        </RecordTable>
      )}
    </QueryStates>
  )
}
