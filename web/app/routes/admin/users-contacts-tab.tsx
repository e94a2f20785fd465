import { useMemo } from 'react'
import { useSupplierConfig } from '@/features/m3u/api/get-supplier-config'
import { PersonMessagesButton } from '@/features/messages/components/person-messages-button'
import { useExistingPersonLine } from '@/features/m3u/api/get-person-line'
import { PersonLineButton } from '@/features/m3u/components/person-line-button'
import { usePlans } from '@/features/plans/api/get-plans'
import { SubscriptionActions } from '@/features/subscriptions/components/subscription-actions'
import { AutopilotStats } from '@/features/trial-requests/components/autopilot-stats'
import {
  ContactExtensionsProvider,
  type ContactExtensions,
} from '@/features/trial-requests/contact-extensions'
import { ContactsPanel } from '@/features/trial-requests/components/contacts-panel'

/**
 * Users & Contacts, offering the plans on sale when a trial is converted to paid, and each
 * person's line on the supplier panel (made with the conversion when the server holds a key)
 * and the messages sent to them; the trial autopilot's figures under the stat cards.
 */
export function UsersContactsTab() {
  const plans = usePlans()
  const hasServerKey = useSupplierConfig().data?.hasServerKey ?? false
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
      renderLineAction: (request) => (
        <>
          <PersonLineButton
            personId={request.id}
            name={request.name}
            customerName={request.firstName}
            hasServerKey={hasServerKey}
          />
          <PersonMessagesButton personId={request.id} name={request.name} />
        </>
      ),
    }),
    [hasServerKey, plans.data],
  )
  return (
    <ContactExtensionsProvider value={extensions}>
      <ContactsPanel
        plans={plans.data ?? []}
        summary={(filters, show) => (
          <AutopilotStats
            showing={
              filters.outcome === 'auto_sent' || filters.outcome === 'waiting'
                ? filters.outcome
                : null
            }
            onShow={(outcome) => show({ outcome })}
          />
        )}
      />
    </ContactExtensionsProvider>
  )
}
