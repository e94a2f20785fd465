import {
  Bot,
  BookOpen,
  FileText,
  Headphones,
  LineChart,
  Package,
  Receipt,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { hasRole, type AdminRole } from '@common/admin-users'
import type { AdminSection } from '@common/routes'

/** `role`: the least role that may open it (the server refuses the rest with 403 anyway). */
export type Section = { value: AdminSection; label: string; icon: LucideIcon; role: AdminRole }

/** The Business Center's sections, in the order of its tab bar and its phone menu. */
export const adminSectionList: Section[] = [
  { value: 'users', label: 'Users & Contacts', icon: Users, role: 'admin' },
  { value: 'financials', label: 'Financials', icon: LineChart, role: 'admin' },
  { value: 'payments', label: 'Payments', icon: Receipt, role: 'admin' },
  { value: 'plans', label: 'Plans Management', icon: Package, role: 'admin' },
  { value: 'support', label: 'Support Center', icon: Headphones, role: 'support' },
  { value: 'content', label: 'Content & SEO', icon: FileText, role: 'admin' },
  { value: 'settings', label: 'Business Settings', icon: Settings, role: 'admin' },
  { value: 'tools', label: 'Admin Tools', icon: Bot, role: 'admin' },
  { value: 'api', label: 'API reference', icon: BookOpen, role: 'admin' },
]

/** The sections staff of `role` may open: the others are not shown at all. */
export const sectionsFor = (role: AdminRole) =>
  adminSectionList.filter((section) => hasRole(role, section.role))
