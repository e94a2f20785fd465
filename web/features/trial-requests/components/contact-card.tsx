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

/** A contact on a phone: the table row's fields stacked in a card, actions along the bottom. */
export function ContactCard({ request, plans, isSelected, onToggleSelected }: ContactCardProps) {
  return (
    <li className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3" aria-label={request.name}>
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
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Field label="Line" className="col-span-2">
          <div className="grid gap-1">
            <LineOutcome outcome={request.outcome} />
            <EndsAt endsAt={request.endsAt} isTrial={request.subscriptionStatus === 'trial'} />
          </div>
        </Field>
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
        <ContactActions request={request} plans={plans} />
      </div>
    </li>
  )
}
