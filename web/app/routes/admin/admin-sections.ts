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

/**
 * `role`: the least role that may open it (the server refuses the rest with 403 anyway).
 * `detailRole`: the least role that may open one record of it (a person's page) from a link
 * elsewhere, when that is less than `role`: a support agent opens a ticket's customer, not the list.
 */
export type Section = {
  value: AdminSection
  label: string
  icon: LucideIcon
  role: AdminRole
  detailRole?: AdminRole
}

/** The Business Center's sections, in the order of its tab bar and its phone menu. */
export const adminSectionList: Section[] = [
  {
    value: 'users',
    label: 'Users & Contacts',
    icon: Users,
    role: 'admin',
    detailRole: 'support',
  },
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

/** Whether staff of `role` may open `section`, or the one record `detailId` names in it. */
export const canOpenSection = (role: AdminRole, section: Section, detailId: string | null) =>
  hasRole(role, detailId !== null && section.detailRole ? section.detailRole : section.role)
