import { useQueryClient } from '@tanstack/react-query'
import { Tv, UserX } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { Link } from 'wouter'
import { hasRole, type AdminRole } from '@common/admin-users'
import { adminPaths } from '@common/routes'
import { ListLoadError } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { refreshPersonViews, usePersonView } from '@/features/people/api/get-person-view'
import { PersonAccount } from '@/features/customer-account/components/person-account'
import { CustomerView } from '@/features/people/components/customer-view'
import {
  DownloadPersonData,
  ErasePersonButton,
} from '@/features/people/components/person-privacy-actions'
import { useSupplierConfig } from '@/features/m3u/api/get-supplier-config'
import { PersonMessages } from '@/features/messages/components/person-messages'
import { PersonPayments } from '@/features/payments/components/person-payments'
import { useExistingPersonLine } from '@/features/m3u/api/get-person-line'
import { PersonLinePanel } from '@/features/m3u/components/person-line-panel'
import { usePlans } from '@/features/plans/api/get-plans'
import { PersonRenewal } from '@/features/subscriptions/components/person-renewal'
import { PayLinkDialog } from '@/features/subscriptions/components/pay-link-dialog'
import { RecordPaymentDialog } from '@/features/subscriptions/components/record-payment-dialog'
import { RefundPaymentDialog } from '@/features/subscriptions/components/refund-payment-dialog'
import { SubscriptionActions } from '@/features/subscriptions/components/subscription-actions'
import { PersonAutostart } from '@/features/trial-requests/components/person-autostart'
import {
  ContactExtensionsProvider,
  type ContactExtensions,
} from '@/features/trial-requests/contact-extensions'
import {
  FollowUpStageBadge,
  FollowUpStageSelect,
} from '@/features/trial-requests/components/follow-up-stage'
import {
  PersonActions,
  PersonDangerActions,
} from '@/features/trial-requests/components/person-actions'
import { SubscriptionStatusBadge } from '@/features/trial-requests/components/subscription-status-badge'
import { ApiError } from '@/lib/api-client'

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

/** `canList`: the signed-in role may open the list of contacts (support may not). */
function PersonNotFound({ canList }: { canList: boolean }) {
  return (
    <StatusMessage
      icon={UserX}
      title="Contact not found"
      role="alert"
      action={
        canList && (
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
 * /admin/users/{id}: the customer view, with the contacts' actions, the person's payments, line
 * and the messages sent to them. What the signed-in `role` may not call is not shown at all: a
 * support agent reads the person, their line and messages, and writes notes; an admin also
 * changes them and sees their payments and account; a super admin alone refunds, and downloads
 * or erases a person's data.
 */
export function CustomerViewPage({ personId, role }: { personId: string; role: AdminRole }) {
  const canChange = hasRole(role, 'admin')
  const isSuperAdmin = hasRole(role, 'super_admin')
  const view = usePersonView(personId)
  const plans = usePlans()
  const hasServerKey = useSupplierConfig({ enabled: canChange }).data?.hasServerKey ?? false
  const extensions = useMemo<ContactExtensions>(
    () => ({
      renderSubscriptionActions: (request, display) => (
        <SubscriptionActions
          request={request}
          plans={plans.data ?? []}
          line={{ isCreatedOnConvert: hasServerKey, useExisting: useExistingPersonLine }}
          display={display}
        />
      ),
    }),
    [hasServerKey, plans.data],
  )
  useRefreshAfterChanges()

  if (view.error instanceof ApiError && [400, 404].includes(view.error.status)) {
    return <PersonNotFound canList={canChange} />
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
  const { person, renewal } = view.data
  // A subscriber's, or anyone's who has a card or a renewal on record; support sees none (null).
  const showsRenewal =
    renewal &&
    (person.paidPlan || renewal.autoRenew || renewal.paymentMethod || renewal.cardRemovedAt)
  return (
    <ContactExtensionsProvider value={extensions}>
      <CustomerView
        view={view.data}
        canListContacts={canChange}
        slots={{
          status: <SubscriptionStatusBadge status={person.subscriptionStatus} />,
          stage: canChange ? (
            <FollowUpStageSelect request={person} />
          ) : (
            <FollowUpStageBadge stage={person.status} />
          ),
          actions: (
            <>
              <PersonActions request={person} canChange={canChange} />
              {isSuperAdmin && <DownloadPersonData personId={person.id} />}
            </>
          ),
          dangerActions: canChange && (
            <>
              <PersonDangerActions request={person} />
              {isSuperAdmin && <ErasePersonButton person={person} />}
            </>
          ),
          renewal: canChange && showsRenewal && (
            <PersonRenewal personId={person.id} personName={person.name} renewal={renewal} />
          ),
          payments: canChange && (
            <PersonPayments
              personId={person.id}
              actions={(payments) => (
                <>
                  <RecordPaymentDialog
                    personId={person.id}
                    personName={person.name}
                    plans={plans.data ?? []}
                    currentPlan={person.paidPlan ?? person.plan}
                    payments={payments}
                  />
                  <PayLinkDialog
                    personId={person.id}
                    personName={person.name}
                    plans={plans.data ?? []}
                  />
                </>
              )}
              canRefund={isSuperAdmin}
              renderRefund={(payment) => <RefundPaymentDialog payment={payment} />}
            />
          ),
          line: (
            <SectionCard title="Line" icon={Tv} description="On the supplier panel.">
              {canChange && (
                <PersonAutostart personId={person.id} trustReasons={person.trust?.reasons ?? []} />
              )}
              <PersonLinePanel
                personId={person.id}
                customerName={person.firstName}
                hasServerKey={hasServerKey}
                canChange={canChange}
              />
            </SectionCard>
          ),
          account: canChange && <PersonAccount personId={person.id} personName={person.name} />,
          messages: (
            <Card>
              <CardContent>
                <PersonMessages personId={person.id} showsMailStatus={canChange} />
              </CardContent>
            </Card>
          ),
        }}
      />
    </ContactExtensionsProvider>
  )
}
