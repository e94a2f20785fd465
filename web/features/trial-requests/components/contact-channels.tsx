import { MessageCircle, Send, type LucideIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { telegramUrl, whatsappUrl } from '../contact-links'

type ChannelLinkProps = { href: string; icon: LucideIcon; channel: string; handle: string }

function ChannelLink({ href, icon: Icon, channel, handle }: ChannelLinkProps) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${channel} ${handle}`}
        title={`${channel}: ${handle}`}
      >
        <Icon aria-hidden />
      </a>
    </Button>
  )
}

type ContactChannelsProps = { telegram: string | null; whatsapp: string | null }

/** Telegram and WhatsApp, each a link that opens a conversation (e-mail is in the actions). */
export function ContactChannels({ telegram, whatsapp }: ContactChannelsProps) {
  return (
    <div className="flex items-center gap-0.5 *:size-9">
      {telegram && (
        <ChannelLink
          href={telegramUrl(telegram)}
          icon={Send}
          channel="Telegram"
          handle={telegram}
        />
      )}
      {whatsapp && (
        <ChannelLink
          href={whatsappUrl(whatsapp)}
          icon={MessageCircle}
          channel="WhatsApp"
          handle={whatsapp}
        />
      )}
    </div>
  )
}
