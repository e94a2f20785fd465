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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { BlogCms } from '@/features/blog/components/blog-cms'
import { FinancialsPanel } from '@/features/revenue/components/financials-panel'
import { NotificationProvider } from '@/features/notifications/components/notification-provider'
import { LiveSocketProvider } from '@/lib/live-socket-context'
import { AdminToolsTab } from './admin-tools-tab'
import { BusinessCenterHeader } from './business-center-header'
import { BusinessSettingsTab } from './business-settings-tab'
import { PlansManagementTab } from './plans-management-tab'
import { SupportCenterTab } from './support-center-tab'
import { useAdminLiveEvents } from './use-admin-live-events'
import { UsersContactsTab } from './users-contacts-tab'

type Section = { value: string; label: string; icon: LucideIcon }

const sections: Section[] = [
  { value: 'users', label: 'Users & Contacts', icon: Users },
  { value: 'financials', label: 'Financials', icon: LineChart },
  { value: 'plans', label: 'Plans Management', icon: Package },
  { value: 'support', label: 'Support Center', icon: Headphones },
  { value: 'content', label: 'Content & SEO', icon: FileText },
  { value: 'settings', label: 'Business Settings', icon: Settings },
  { value: 'tools', label: 'Admin Tools', icon: Bot },
]

function SectionContent({ section, user }: { section: Section; user: AdminUser }) {
  if (section.value === 'users') return <UsersContactsTab />
  if (section.value === 'financials') return <FinancialsPanel />
  if (section.value === 'plans') return <PlansManagementTab />
  if (section.value === 'support') return <SupportCenterTab />
  if (section.value === 'content') return <BlogCms />
  if (section.value === 'tools') return <AdminToolsTab />
  return <BusinessSettingsTab currentUser={user} />
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
