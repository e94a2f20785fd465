import { Contact } from 'lucide-react'
import type { ReactNode } from 'react'
import type { TrialRequest } from '@common/trial-requests'
import { SectionCard } from '@/components/section-card'
import { formatDateTime } from '@/lib/format'
import { TelegramStatus } from './telegram-status'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

/** How to reach the person, and where their request came from. */
export function PersonContact({ person }: { person: TrialRequest }) {
  return (
    <SectionCard title="Contact details" icon={Contact}>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Detail label="E-mail">
          <a
            href={`mailto:${person.email}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {person.email}
          </a>
        </Detail>
        <Detail label="Telegram">{person.telegram ?? 'Not given'}</Detail>
        <Detail label="Telegram messages">
          <TelegramStatus personId={person.id} />
        </Detail>
        <Detail label="WhatsApp">{person.whatsapp ?? 'Not given'}</Detail>
        <Detail label="Requested">{formatDateTime(person.createdAt)}</Detail>
        {person.askedAgainCount > 0 && (
          <Detail label="Asked again">
            {person.askedAgainCount} {person.askedAgainCount === 1 ? 'time' : 'times'}
          </Detail>
        )}
        {person.trust && (
          <Detail label="Trust score">
            {person.trust.score}/100
            {person.trust.reasons.length > 0 && ` (${person.trust.reasons.join('; ')})`}
          </Detail>
        )}
      </dl>
    </SectionCard>
  )
}
