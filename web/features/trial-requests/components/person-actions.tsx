import { Mail, MessageCircle, Send } from 'lucide-react'
import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { mailtoUrl, telegramUrl, whatsappUrl } from '../contact-links'
import { ConvertSubscriptionDialog } from './convert-subscription-dialog'
import { DeleteRequestButton } from './delete-request-button'
import { DeleteSubscriptionButton } from './delete-subscription-button'
import { ExtendSubscriptionDialog } from './extend-subscription-dialog'

type PersonActionsProps = { request: TrialRequest; plans: Plan[] }

/** A person's everyday actions, each a labelled button: reach them, convert, extend. */
export function PersonActions({ request, plans }: PersonActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" asChild>
        <a href={mailtoUrl(request.email)}>
          <Mail aria-hidden />
          Email
        </a>
      </Button>
      {request.telegram && (
        <Button variant="outline" asChild>
          <a href={telegramUrl(request.telegram)} target="_blank" rel="noopener noreferrer">
            <Send aria-hidden />
            Telegram
          </a>
        </Button>
      )}
      {request.whatsapp && (
        <Button variant="outline" asChild>
          <a href={whatsappUrl(request.whatsapp)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden />
            WhatsApp
          </a>
        </Button>
      )}
      {request.subscriptionStatus !== 'active' && (
        <ConvertSubscriptionDialog request={request} plans={plans} display="labelled" />
      )}
      {request.paidPlan !== null && (
        <ExtendSubscriptionDialog request={request} plans={plans} display="labelled" />
      )}
    </div>
  )
}

/** What cannot be undone, kept apart from the rest; each asks for confirmation first. */
export function PersonDangerActions({ request }: { request: TrialRequest }) {
  return (
    <div className="flex flex-wrap gap-2">
      {request.paidPlan !== null && (
        <DeleteSubscriptionButton request={request} display="labelled" />
      )}
      <DeleteRequestButton request={request} display="labelled" />
    </div>
  )
}
