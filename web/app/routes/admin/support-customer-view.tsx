import { Tv } from 'lucide-react'
import type { PersonView } from '@common/people'
import { SectionCard } from '@/components/section-card'
import { Card, CardContent } from '@/components/ui/card'
import { CustomerView } from '@/features/customer-view/components/customer-view'
import { PersonMessages } from '@/features/messages/components/person-messages'
import { PersonLineSummary } from '@/features/person-lines/components/person-line-summary'
import { FollowUpStageBadge } from '@/features/trial-requests/components/follow-up-stage'
import { SubscriptionStatusBadge } from '@/features/trial-requests/components/subscription-status-badge'

/**
 * A person as a support agent sees them: who they are, their plan, line, tickets, notes and the
 * messages sent to them. No payments, actions on the subscription or line, the customer page's
 * controls, or their data's export and erasure: those routes answer a support agent 403.
 */
export function SupportCustomerView({ view }: { view: PersonView }) {
  const { person } = view
  return (
    <CustomerView
      view={view}
      canListContacts={false}
      slots={{
        status: <SubscriptionStatusBadge status={person.subscriptionStatus} />,
        stage: <FollowUpStageBadge stage={person.status} />,
        line: (
          <SectionCard title="Line" icon={Tv} description="On the supplier panel.">
            <PersonLineSummary personId={person.id} customerName={person.firstName} />
          </SectionCard>
        ),
        messages: (
          <Card>
            <CardContent>
              <PersonMessages personId={person.id} showsMailStatus={false} />
            </CardContent>
          </Card>
        ),
      }}
    />
  )
}
