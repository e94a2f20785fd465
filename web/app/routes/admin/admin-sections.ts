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
 * `recordRole`: the least role that may open one record in it, when that is lower: a support
 * agent opens a person's page from their ticket, but not the list of every contact.
 */
export type Section = {
  value: AdminSection
  label: string
  icon: LucideIcon
  role: AdminRole
  recordRole?: AdminRole
}

/** The Business Center's sections, in the order of its tab bar and its phone menu. */
export const adminSectionList: Section[] = [
  {
    value: 'users',
    label: 'Users & Contacts',
    icon: Users,
    role: 'admin',
    recordRole: 'support',
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

/** The section an address opens for staff of `role` (a record in it when `detailId`), or none. */
export function openedSection(
  role: AdminRole,
  value: AdminSection,
  detailId: string | null,
): Section | null {
  const section = adminSectionList.find((candidate) => candidate.value === value)
  if (!section) return null
  const needed = detailId !== null ? (section.recordRole ?? section.role) : section.role
  return hasRole(role, needed) ? section : null
}
