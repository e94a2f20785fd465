import type { Plan } from '@common/plans'
import type { TrialRequestListItem } from '@common/request-outcome'
import { TableCell, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { AdminNotesEditor } from './admin-notes-editor'
import { ContactActions } from './contact-actions'
import { EndsAt, LineOutcome } from './line-outcome'
import { RowCheckbox } from './row-checkbox'
import {
  ContactHandles,
  ContactIdentity,
  ContactStatus,
  FollowUpStage,
  PaidPlan,
  SubscriptionPeriod,
} from './contact-fields'
import { SubscriptionIdButton } from './subscription-id-button'
import { TrialPlanSelect } from './trial-plan-select'

/**
 * From tablet width the actions stick to the right edge, in view while the table scrolls; a
 * phone is too narrow to keep them and still scroll through the rest.
 */
export const actionsColumnClassName =
  'bg-card transition-colors sm:sticky sm:right-0 sm:shadow-[-12px_0_12px_-12px_rgb(0_0_0/0.25)] [tr:hover>&]:bg-[color-mix(in_oklab,var(--color-card),var(--color-muted)_50%)]'

// The row's selected tint, opaque: the sticky cell covers what scrolls beneath it.
const selectedActionsClassName =
  'bg-[color-mix(in_oklab,var(--color-card),var(--color-accent)_40%)]'

type ContactRowProps = {
  request: TrialRequestListItem
  plans: Plan[]
  isSelected: boolean
  onToggleSelected: () => void
}

export function ContactRow({ request, plans, isSelected, onToggleSelected }: ContactRowProps) {
  return (
    <TableRow className={cn(isSelected && 'bg-accent/40')}>
      <TableCell>
        <RowCheckbox
          aria-label={`Select ${request.name}`}
          checked={isSelected}
          onChange={onToggleSelected}
        />
      </TableCell>
      <TableCell>
        {/* A long name wraps rather than widening the column past the others. */}
        <div className="w-44 whitespace-normal">
          <ContactIdentity request={request} />
        </div>
      </TableCell>
      <TableCell>
        <SubscriptionIdButton subscriptionId={request.subscriptionId} />
      </TableCell>
      <TableCell>
        <TrialPlanSelect request={request} plans={plans} />
      </TableCell>
      <TableCell>
        <div className="grid justify-items-start gap-1">
          <ContactStatus request={request} />
          <EndsAt endsAt={request.endsAt} isTrial={request.subscriptionStatus === 'trial'} />
          <LineOutcome outcome={request.outcome} />
        </div>
      </TableCell>
      <TableCell>
        <FollowUpStage request={request} />
      </TableCell>
      <TableCell>
        <PaidPlan request={request} />
      </TableCell>
      <TableCell>
        <SubscriptionPeriod request={request} />
      </TableCell>
      <TableCell>
        <ContactHandles request={request} />
      </TableCell>
      <TableCell>
        <AdminNotesEditor request={request} />
      </TableCell>
      <TableCell className={cn(actionsColumnClassName, isSelected && selectedActionsClassName)}>
        {/* Four icons a line: two short lines leave the other columns room at laptop width. */}
        <ContactActions request={request} className="ml-auto w-[9.5rem]" />
      </TableCell>
    </TableRow>
  )
}
