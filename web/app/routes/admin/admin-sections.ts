import {
  Bot,
  FileText,
  Headphones,
  LineChart,
  Package,
  Receipt,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { AdminSection } from '@common/routes'

export type Section = { value: AdminSection; label: string; icon: LucideIcon }

/** The Business Center's sections, in the order of its tab bar and its phone menu. */
export const adminSectionList: Section[] = [
  { value: 'users', label: 'Users & Contacts', icon: Users },
  { value: 'financials', label: 'Financials', icon: LineChart },
  { value: 'payments', label: 'Payments', icon: Receipt },
  { value: 'plans', label: 'Plans Management', icon: Package },
  { value: 'support', label: 'Support Center', icon: Headphones },
  { value: 'content', label: 'Content & SEO', icon: FileText },
  { value: 'settings', label: 'Business Settings', icon: Settings },
  { value: 'tools', label: 'Admin Tools', icon: Bot },
]
