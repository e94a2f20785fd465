import { Mail, MessageCircle, Send, type LucideIcon } from 'lucide-react'
import type { TrialRequest } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { useContactExtensions } from '../contact-extensions'
import { mailtoUrl, telegramUrl, whatsappUrl } from '../contact-links'
import { DeleteRequestButton } from './delete-request-button'
import { DeleteSubscriptionButton } from './delete-subscription-button'

type ContactLinkProps = { href: string; icon: LucideIcon; label: string; isNewTab?: boolean }

/** A way to reach the person, as a labelled button. */
function ContactLink({ href, icon: Icon, label, isNewTab = false }: ContactLinkProps) {
  return (
    <Button variant="outline" asChild>
      <a href={href} {...(isNewTab && { target: '_blank', rel: 'noopener noreferrer' })}>
        <Icon aria-hidden />
        {label}
      </a>
    </Button>
  )
}

/** `canChange`: the signed-in role may convert and extend (support only reaches the person). */
type PersonActionsProps = { request: TrialRequest; canChange: boolean }

/** A person's everyday actions, each a labelled button: reach them, convert, extend. */
export function PersonActions({ request, canChange }: PersonActionsProps) {
  const { renderSubscriptionActions } = useContactExtensions()
  return (
    <div className="flex flex-wrap gap-2">
      <ContactLink href={mailtoUrl(request.email)} icon={Mail} label="Email" />
      {request.telegram && (
        <ContactLink href={telegramUrl(request.telegram)} icon={Send} label="Telegram" isNewTab />
      )}
      {request.whatsapp && (
        <ContactLink
          href={whatsappUrl(request.whatsapp)}
          icon={MessageCircle}
          label="WhatsApp"
          isNewTab
        />
      )}
      {canChange && renderSubscriptionActions?.(request, 'labelled')}
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
