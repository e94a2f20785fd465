import { ArrowLeft, ShieldAlert, Zap } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { PersonView } from '@common/people'
import { adminPaths } from '@common/routes'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { PersonContact } from './person-contact'
import { PersonNotes } from './person-notes'
import { PersonSubscription } from './person-subscription'
import { PersonTickets } from './person-tickets'
import { PersonTimeline } from './person-timeline'

/** What web/app fills in from other features (features never import each other). */
export type CustomerViewSlots = {
  /** The subscription status badge. */
  status: ReactNode
  /** The follow-up stage, editable. */
  stage: ReactNode
  /** Everyday actions as labelled buttons (e-mail, convert, extend…). */
  actions: ReactNode
  /** Destructive actions, each confirmed, shown apart from the others (none: no group). */
  dangerActions?: ReactNode
  /** The person's line on the supplier panel. */
  line: ReactNode
  /** Automatic renewal: its state, card, attempts and staff's actions. */
  renewal?: ReactNode
  /** What the person paid, with the actions that take money. */
  payments?: ReactNode
  /** The messages sent to the person, once that feature exists. */
  messages?: ReactNode
  /** Their own page: last sign-in, what they did, a sign-in link, "Sign out everywhere". */
  account?: ReactNode
}

type CustomerViewProps = {
  view: PersonView
  slots: CustomerViewSlots
  /** Whether the signed-in role may open the list of contacts (support opens a person only). */
  canListContacts: boolean
}

/**
 * One person on one page (/admin/users/{id}): where they stand, how to reach them, what to do
 * next, their line, tickets, notes and what was done so far.
 */
export function CustomerView({ view, slots, canListContacts }: CustomerViewProps) {
  const { person } = view
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        {canListContacts && (
          <Button variant="ghost" size="sm" className="-ml-2 w-fit" asChild>
            <Link href={adminPaths.section('users')}>
              <ArrowLeft aria-hidden />
              All contacts
            </Link>
          </Button>
        )}
        <h2 className="text-2xl font-bold break-words">{person.name}</h2>
        <p className="text-sm break-all text-muted-foreground">
          {person.email} · {person.subscriptionId}
        </p>
      </div>
      {/* One column on a phone, in the order an agent reads a person; on a wide screen the
          contact details and notes stand beside the rest (notes spanning its rows). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <PersonSubscription view={view} status={slots.status} stage={slots.stage} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <PersonContact person={person} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <SectionCard title="Actions" icon={Zap}>
            {slots.actions}
            {slots.dangerActions && (
              <div
                role="group"
                aria-label="Destructive actions"
                className="grid gap-2 rounded-lg border border-destructive/30 p-3"
              >
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <ShieldAlert className="size-4 text-destructive" aria-hidden />
                  Cannot be undone; each asks first.
                </p>
                {slots.dangerActions}
              </div>
            )}
          </SectionCard>
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-7 lg:row-start-2">
          <PersonNotes personId={person.id} personName={person.name} notes={view.notes} />
        </div>
        {(slots.renewal || slots.payments) && (
          <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-3">
            {slots.renewal}
            {slots.payments}
          </div>
        )}
        <div className="min-w-0 lg:col-start-1 lg:row-start-4">{slots.line}</div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-5">
          <PersonTickets tickets={view.tickets} />
        </div>
        {slots.messages && (
          <div className="min-w-0 lg:col-start-1 lg:row-start-6">{slots.messages}</div>
        )}
        {slots.account && (
          <div className="min-w-0 lg:col-start-1 lg:row-start-7">{slots.account}</div>
        )}
        <div className="min-w-0 lg:col-start-1 lg:row-start-8">
          <PersonTimeline entries={view.timeline} />
        </div>
      </div>
    </div>
  )
}
