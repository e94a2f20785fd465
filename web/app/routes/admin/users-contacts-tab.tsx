import { usePlans } from '@/features/plans/api/get-plans'
import { ContactsPanel } from '@/features/trial-requests/components/contacts-panel'

/** Users & Contacts, offering the plans on sale when a trial is converted to paid. */
export function UsersContactsTab() {
  const plans = usePlans()
  return <ContactsPanel plans={plans.data ?? []} />
}
