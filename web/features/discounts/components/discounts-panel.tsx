import { Plus, TicketPercent } from 'lucide-react'
import { useState } from 'react'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { DiscountFormDialog, type DiscountDialogState } from './discount-form-dialog'
import { DiscountsTable } from './discounts-table'

/** Plans Management's Discounts view; `planNames` are offered as the applicable plans. */
export function DiscountsPanel({ planNames }: { planNames: string[] | undefined }) {
  const [dialog, setDialog] = useState<DiscountDialogState>(null)
  return (
    <SectionCard
      title="Discounts"
      icon={TicketPercent}
      description="Percentage or amount off, for a period, on some plans or on all of them."
      action={
        <Button onClick={() => setDialog({ mode: 'create' })}>
          <Plus aria-hidden />
          New Discount
        </Button>
      }
    >
      <DiscountsTable onEdit={(discount) => setDialog({ mode: 'edit', discount })} />
      <DiscountFormDialog state={dialog} planNames={planNames} onClose={() => setDialog(null)} />
    </SectionCard>
  )
}
