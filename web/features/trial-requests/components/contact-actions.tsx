import { Mail } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { useContactExtensions } from '../contact-extensions'
import { mailtoUrl } from '../contact-links'
import { ContactOptionsMenu } from './contact-options-menu'
import { DeleteRequestButton } from './delete-request-button'
import { DeleteSubscriptionButton } from './delete-subscription-button'

type ContactActionsProps = { request: TrialRequest; className?: string }

/**
 * Email, contact options, the line on the panel, convert to paid (unless active), extend and
 * delete the subscription (when paid), delete.
 */
export function ContactActions({ request, className }: ContactActionsProps) {
  const { renderLineAction, renderSubscriptionActions } = useContactExtensions()
  return (
    // A little smaller than the usual icon buttons: up to seven of them share one table cell.
    <div className={cn('flex flex-wrap items-center justify-end gap-0.5 *:size-9', className)}>
      <Button variant="ghost" size="icon" asChild>
        <a href={mailtoUrl(request.email)} aria-label={`Email ${request.name}`} title="Email">
          <Mail aria-hidden />
        </a>
      </Button>
      <ContactOptionsMenu request={request} />
      {renderLineAction?.(request)}
      {renderSubscriptionActions?.(request, 'icon')}
      {request.paidPlan !== null && <DeleteSubscriptionButton request={request} />}
      <DeleteRequestButton request={request} />
    </div>
  )
}
