import { Mail } from 'lucide-react'
import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { mailtoUrl } from '../contact-links'
import { ContactOptionsMenu } from './contact-options-menu'
import { ConvertSubscriptionDialog } from './convert-subscription-dialog'
import { DeleteRequestButton } from './delete-request-button'
import { DeleteSubscriptionButton } from './delete-subscription-button'

type ContactActionsProps = { request: TrialRequest; plans: Plan[] }

/** Email, contact options, convert to paid (unless active), delete subscription (when paid), delete. */
export function ContactActions({ request, plans }: ContactActionsProps) {
  return (
    // A little smaller than the usual icon buttons: five of them share one table cell.
    <div className="flex items-center justify-end gap-0.5 *:size-9">
      <Button variant="ghost" size="icon" asChild>
        <a href={mailtoUrl(request.email)} aria-label={`Email ${request.name}`} title="Email">
          <Mail aria-hidden />
        </a>
      </Button>
      <ContactOptionsMenu request={request} />
      {request.subscriptionStatus !== 'active' && (
        <ConvertSubscriptionDialog request={request} plans={plans} />
      )}
      {request.paidPlan !== null && <DeleteSubscriptionButton request={request} />}
      <DeleteRequestButton request={request} />
    </div>
  )
}
