import { Mail } from 'lucide-react'
import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { useContactExtensions } from '../contact-extensions'
import { mailtoUrl } from '../contact-links'
import { ContactOptionsMenu } from './contact-options-menu'
import { ConvertSubscriptionDialog } from './convert-subscription-dialog'
import { DeleteRequestButton } from './delete-request-button'
import { DeleteSubscriptionButton } from './delete-subscription-button'
import { ExtendSubscriptionDialog } from './extend-subscription-dialog'

type ContactActionsProps = { request: TrialRequest; plans: Plan[] }

/**
 * Email, contact options, the line on the panel, convert to paid (unless active), extend and
 * delete the subscription (when paid), delete.
 */
export function ContactActions({ request, plans }: ContactActionsProps) {
  const { renderLineAction } = useContactExtensions()
  return (
    // A little smaller than the usual icon buttons: up to seven of them share one table cell,
    // in one row (a column of icons would make every row 200 px tall).
    <div className="flex flex-wrap items-center justify-end gap-0.5 *:size-9 sm:flex-nowrap">
      <Button variant="ghost" size="icon" asChild>
        <a href={mailtoUrl(request.email)} aria-label={`Email ${request.name}`} title="Email">
          <Mail aria-hidden />
        </a>
      </Button>
      <ContactOptionsMenu request={request} />
      {renderLineAction?.(request)}
      {request.subscriptionStatus !== 'active' && (
        <ConvertSubscriptionDialog request={request} plans={plans} />
      )}
      {request.paidPlan !== null && <ExtendSubscriptionDialog request={request} plans={plans} />}
      {request.paidPlan !== null && <DeleteSubscriptionButton request={request} />}
      <DeleteRequestButton request={request} />
    </div>
  )
}
