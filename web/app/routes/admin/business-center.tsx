import { Redirect, useLocation } from 'wouter'
import { hasRole, type AdminUser } from '@common/admin-users'
import { adminPaths, parseAdminPath, type AdminSection } from '@common/routes'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { BlogCms } from '@/features/blog/components/blog-cms'
import { LegalPagesEditor } from '@/features/legal-pages/components/legal-pages-editor'
import { FinancialsPanel } from '@/features/business-metrics/components/financials-panel'
import { PaymentsPanel } from '@/features/payments/components/payments-panel'
import { RefundPaymentDialog } from '@/features/subscriptions/components/refund-payment-dialog'
import { SubscriptionEffectsProvider } from '@/features/subscriptions/subscription-effects'
import { NotificationProvider } from '@/features/notifications/components/notification-provider'
import { LiveSocketProvider } from '@/lib/live-socket-context'
import { openedSection, sectionsFor, type Section } from './admin-sections'
import { AdminToolsTab } from './admin-tools-tab'
import { ApiReferenceTab } from './api-reference-tab'
import { BusinessCenterHeader } from './business-center-header'
import { BusinessSettingsTab } from './business-settings-tab'
import { CustomerViewPage } from './customer-view-page'
import { NotFoundSection } from './not-found-section'
import { PlansManagementTab } from './plans-management-tab'
import { SupportCenterTab } from '@/features/support/components/support-center-tab'
import { subscriptionEffects } from './subscription-effects'
import { useAdminLiveEvents } from './use-admin-live-events'
import { UsersContactsTab } from './users-contacts-tab'

type SectionContentProps = { section: Section; detailId: string | null; user: AdminUser }

/** A section's page; in Users & Contacts and Support Center the address may name a person or ticket. */
function SectionContent({ section, detailId, user }: SectionContentProps) {
  if (section.value === 'users') {
    return detailId ? (
      <CustomerViewPage personId={detailId} role={user.role} />
    ) : (
      <UsersContactsTab />
    )
  }
  if (section.value === 'financials') {
    return <FinancialsPanel canImport={user.role === 'super_admin'} />
  }
  if (section.value === 'payments') {
    return (
      <PaymentsPanel
        canAct={user.role === 'super_admin'}
        renderRefund={(payment) => <RefundPaymentDialog payment={payment} />}
      />
    )
  }
  if (section.value === 'plans') return <PlansManagementTab />
  if (section.value === 'support')
    return (
      <SupportCenterTab
        selectedId={detailId}
        me={user.username}
        canListStaff={hasRole(user.role, 'admin')}
      />
    )
  if (section.value === 'content') {
    return (
      <div className="grid gap-6">
        <BlogCms />
        <LegalPagesEditor />
      </div>
    )
  }
  if (section.value === 'tools') {
    return <AdminToolsTab canCompensate={user.role === 'super_admin'} />
  }
  if (section.value === 'api') return <ApiReferenceTab />
  return <BusinessSettingsTab currentUser={user} />
}

function BusinessCenterPage({ user }: { user: AdminUser }) {
  useAdminLiveEvents()
  const [pathname, navigate] = useLocation()
  const location = parseAdminPath(pathname)
  const sections = sectionsFor(user.role)
  if (location.kind === 'home')
    return <Redirect to={adminPaths.section(sections[0]!.value)} replace />
  // A section this role may not open is, to them, no section at all.
  const opened =
    location.kind === 'section'
      ? openedSection(user.role, location.section, location.detailId)
      : null
  const current = opened && location.kind === 'section' ? location : null
  // A record opened in a section without a tab of its own (a person, for support) still shows.
  const contents = opened && !sections.includes(opened) ? [...sections, opened] : sections

  return (
    <div className="min-h-dvh bg-muted/40">
      <BusinessCenterHeader user={user} />
      {/* Wider than the public pages: Users & Contacts' eleven columns want a wide screen's room. */}
      <main className="mx-auto max-w-[90rem] px-4 py-6 sm:px-6 lg:px-8">
        {/* The address is the state: a tab only navigates, so reload, back and links agree. */}
        <Tabs
          value={current?.section ?? ''}
          onValueChange={(value) => {
            // A click both presses and focuses a tab: one address, one history entry.
            const target = adminPaths.section(value as AdminSection)
            if (window.location.pathname !== target) navigate(target)
          }}
        >
          {/* On phones the header's section menu stands in for the tab bar. */}
          <TabsList
            aria-label="Business Center sections"
            className="w-full justify-start max-sm:hidden"
          >
            {sections.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {contents.map((section) => (
            <TabsContent key={section.value} value={section.value} className="max-sm:mt-0">
              <SectionContent section={section} detailId={current?.detailId ?? null} user={user} />
            </TabsContent>
          ))}
        </Tabs>
        {!current && <NotFoundSection home={sections[0]!} />}
      </main>
    </div>
  )
}

/**
 * The signed-in back office, with its live socket (identified as admin), notification bell, and
 * the screens that follow a money dialog's change.
 */
export function BusinessCenter({ user }: { user: AdminUser }) {
  return (
    <LiveSocketProvider role="admin" socketKey={null}>
      <NotificationProvider role="admin" notificationKey={null}>
        <SubscriptionEffectsProvider value={subscriptionEffects}>
          <BusinessCenterPage user={user} />
        </SubscriptionEffectsProvider>
      </NotificationProvider>
    </LiveSocketProvider>
  )
}
