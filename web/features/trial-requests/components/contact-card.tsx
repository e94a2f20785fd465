import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Plan } from '@common/plans'
import type { TrialRequestListItem } from '@common/request-outcome'
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

type FieldProps = { label: string; className?: string; children: ReactNode }

function Field({ label, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

type ContactCardProps = {
  request: TrialRequestListItem
  plans: Plan[]
  isSelected: boolean
  onToggleSelected: () => void
}

/**
 * A contact on a phone: a compact row (who, and where they stand), the table row's other fields
 * and the actions a tap away.
 */
export function ContactCard({ request, plans, isSelected, onToggleSelected }: ContactCardProps) {
  return (
    <li
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3 pb-0"
      aria-label={request.name}
    >
      <div className="flex items-start gap-3">
        <RowCheckbox
          aria-label={`Select ${request.name}`}
          checked={isSelected}
          onChange={onToggleSelected}
          className="mt-1"
        />
        <div className="min-w-0 flex-1">
          <ContactIdentity request={request} />
        </div>
        <div className="grid justify-items-end gap-1">
          <ContactStatus request={request} />
          <FollowUpStage request={request} />
        </div>
      </div>
      {/* What happened overnight and when it ends, at a glance; the rest a tap away. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-sm">
        <LineOutcome outcome={request.outcome} />
        <EndsAt endsAt={request.endsAt} isTrial={request.subscriptionStatus === 'trial'} />
      </div>
      {/* Closed by default: a page of contacts stays a short list of rows on a phone. */}
      <details className="group -mx-3 border-t">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-b-lg px-3 text-sm font-medium text-primary outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden">
          <span>
            Details and actions<span className="sr-only"> for {request.name}</span>
          </span>
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <div className="grid gap-3 px-3 pb-3">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <Field label="Subscription ID">
              <SubscriptionIdButton subscriptionId={request.subscriptionId} />
            </Field>
            <Field label="Trial plan">
              <TrialPlanSelect request={request} plans={plans} />
            </Field>
            <Field label="Paid plan">
              <PaidPlan request={request} />
            </Field>
            <Field label="Period">
              <SubscriptionPeriod request={request} />
            </Field>
            <Field label="Contact">
              <ContactHandles request={request} />
            </Field>
            <Field label="Admin notes" className="col-span-2">
              <AdminNotesEditor request={request} className="w-full" />
            </Field>
          </dl>
          <div className="border-t pt-2">
            <ContactActions request={request} />
          </div>
        </div>
      </details>
    </li>
  )
}
