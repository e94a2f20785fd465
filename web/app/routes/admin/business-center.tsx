import {
  Bot,
  FileText,
  Headphones,
  LineChart,
  Package,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { ComingSoon } from '@/components/coming-soon'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { NotificationProvider } from '@/features/notifications/components/notification-provider'
import { LiveSocketProvider } from '@/lib/live-socket-context'
import { BusinessCenterHeader } from './business-center-header'
import { BusinessSettingsTab } from './business-settings-tab'
import { SupportCenterTab } from './support-center-tab'
import { useAdminLiveEvents } from './use-admin-live-events'

/** `summary` describes what a coming release adds; sections without one already work. */
type Section = { value: string; label: string; icon: LucideIcon; summary?: string }

const sections: Section[] = [
  {
    value: 'users',
    label: 'Users & Contacts',
    icon: Users,
    summary: 'Trial requests, subscribers and their contact details',
  },
  {
    value: 'financials',
    label: 'Financials',
    icon: LineChart,
    summary: 'Revenue per plan family and month-by-month growth',
  },
  {
    value: 'plans',
    label: 'Plans Management',
    icon: Package,
    summary: 'Plans, quick templates and discounts',
  },
  { value: 'support', label: 'Support Center', icon: Headphones },
  {
    value: 'content',
    label: 'Content & SEO',
    icon: FileText,
    summary: 'Blog posts, publishing and SEO scores',
  },
  { value: 'settings', label: 'Business Settings', icon: Settings },
  {
    value: 'tools',
    label: 'Admin Tools',
    icon: Bot,
    summary: 'M3U link parsing, line creation and client instructions',
  },
]

function SectionContent({ section, user }: { section: Section; user: AdminUser }) {
  if (section.value === 'support') return <SupportCenterTab />
  if (section.summary === undefined) return <BusinessSettingsTab currentUser={user} />
  return (
    <ComingSoon icon={section.icon} title={`${section.label} is on its way`}>
      {section.summary} will arrive here in a coming release.
    </ComingSoon>
  )
}

function BusinessCenterPage({ user }: { user: AdminUser }) {
  useAdminLiveEvents()
  return (
    <div className="min-h-dvh bg-muted/40">
      <BusinessCenterHeader user={user} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <Tabs defaultValue="users">
          <TabsList aria-label="Business Center sections" className="w-full justify-start">
            {sections.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {sections.map((section) => (
            <TabsContent key={section.value} value={section.value}>
              <SectionContent section={section} user={user} />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  )
}

/** The signed-in back office, with its live socket (identified as admin) and notification bell. */
export function BusinessCenter({ user }: { user: AdminUser }) {
  return (
    <LiveSocketProvider role="admin" socketKey={null}>
      <NotificationProvider role="admin" notificationKey={null}>
        <BusinessCenterPage user={user} />
      </NotificationProvider>
    </LiveSocketProvider>
  )
}
