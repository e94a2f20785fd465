import { useQueryClient } from '@tanstack/react-query'
import { Tv, UserX } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { Link } from 'wouter'
import { hasRole, type AdminRole } from '@common/admin-users'
import type { PersonView } from '@common/people'
import { adminPaths } from '@common/routes'
import { ListLoadError } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { refreshPersonViews, usePersonView } from '@/features/customer-view/api/get-person-view'
import { PersonAccount } from '@/features/customer-account/components/person-account'
import { CustomerView } from '@/features/customer-view/components/customer-view'
import {
  DownloadPersonData,
  ErasePersonButton,
} from '@/features/customer-view/components/person-privacy-actions'
import { useSupplierConfig } from '@/features/m3u/api/get-supplier-config'
import { PersonMessages } from '@/features/messages/components/person-messages'
import { PersonPayments } from '@/features/payments/components/person-payments'
import { useExistingPersonLine } from '@/features/person-lines/api/get-person-line'
import { PersonLinePanel } from '@/features/person-lines/components/person-line-panel'
import { usePlans } from '@/features/plans/api/get-plans'
import { PersonAutostart } from '@/features/trial-autopilot/components/person-autostart'
import {
  ContactExtensionsProvider,
  type ContactExtensions,
} from '@/features/trial-requests/contact-extensions'
import { FollowUpStageSelect } from '@/features/trial-requests/components/follow-up-stage'
import {
  PersonActions,
  PersonDangerActions,
} from '@/features/trial-requests/components/person-actions'
import { SubscriptionStatusBadge } from '@/features/trial-requests/components/subscription-status-badge'
import { ApiError } from '@/lib/api-client'
import { SupportCustomerView } from './support-customer-view'

/**
 * Whatever an admin changes on this page (convert, extend, a line, the stage) belongs to another
 * feature: once any change succeeds, the view is read again so its timeline and figures follow.
 */
function useRefreshAfterChanges() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void refreshPersonViews(queryClient)
        }
      }),
    [queryClient],
  )
}

function PersonNotFound({ canListContacts }: { canListContacts: boolean }) {
  return (
    <StatusMessage
      icon={UserX}
      title="Contact not found"
      role="alert"
      action={
        canListContacts && (
          <Button asChild>
            <Link href={adminPaths.section('users')}>All contacts</Link>
          </Button>
        )
      }
    >
      This trial request was deleted, or the address is mistyped.
    </StatusMessage>
  )
}

/**
 * An admin's customer view: the contacts' actions, the person's payments, line and the messages
 * sent to them. `canRefund`: the signed-in admin is a super admin, who alone refunds, and
 * downloads or erases a person's data.
 */
function AdminCustomerView({ view, canRefund }: { view: PersonView; canRefund: boolean }) {
  const plans = usePlans()
  const hasServerKey = useSupplierConfig().data?.hasServerKey ?? false
  const extensions = useMemo<ContactExtensions>(
    () => ({ isLineCreatedOnConvert: hasServerKey, useExistingLine: useExistingPersonLine }),
    [hasServerKey],
  )
  const { person } = view
  return (
    <ContactExtensionsProvider value={extensions}>
      <CustomerView
        view={view}
        slots={{
          status: <SubscriptionStatusBadge status={person.subscriptionStatus} />,
          stage: <FollowUpStageSelect request={person} />,
          actions: (
            <>
              <PersonActions request={person} plans={plans.data ?? []} />
              {canRefund && <DownloadPersonData personId={person.id} />}
            </>
          ),
          dangerActions: (
            <>
              <PersonDangerActions request={person} />
              {canRefund && <ErasePersonButton person={person} />}
            </>
          ),
          payments: (
            <PersonPayments
              personId={person.id}
              personName={person.name}
              plans={plans.data ?? []}
              canRefund={canRefund}
            />
          ),
          line: (
            <SectionCard title="Line" icon={Tv} description="On the supplier panel.">
              <PersonAutostart personId={person.id} trustReasons={person.trust?.reasons ?? []} />
              <PersonLinePanel
                personId={person.id}
                customerName={person.firstName}
                hasServerKey={hasServerKey}
              />
            </SectionCard>
          ),
          account: <PersonAccount personId={person.id} personName={person.name} />,
          messages: (
            <Card>
              <CardContent>
                <PersonMessages personId={person.id} />
              </CardContent>
            </Card>
          ),
        }}
      />
    </ContactExtensionsProvider>
  )
}

/**
 * /admin/users/{id}: one person. A support agent (who opens it from a ticket) sees what helps
 * them help: what an admin alone may do is not shown, rather than answered with 403.
 */
export function CustomerViewPage({ personId, role }: { personId: string; role: AdminRole }) {
  const view = usePersonView(personId)
  useRefreshAfterChanges()

  if (view.error instanceof ApiError && [400, 404].includes(view.error.status)) {
    return <PersonNotFound canListContacts={hasRole(role, 'admin')} />
  }
  if (!view.data) {
    return view.isError ? (
      <ListLoadError onRetry={() => void view.refetch()} />
    ) : (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-primary" label="Loading the contact" />
      </div>
    )
  }
  return hasRole(role, 'admin') ? (
    <AdminCustomerView view={view.data} canRefund={role === 'super_admin'} />
  ) : (
    <SupportCustomerView view={view.data} />
  )
}
