/** Paths the web app renders; the server answers anything else with the 404 page. */
export const appRoutes = {
  home: '/',
  plans: '/plans',
  sports: '/sports',
  support: '/support',
  admin: '/admin',
  blog: '/blog',
  blogPost: '/blog/:slug',
  /** A customer's own page, reached by a one-time sign-in link. */
  account: '/account',
  accountSignIn: '/account/sign-in',
  accountReceipt: '/account/receipts/:id',
  devices: '/devices',
  deviceGuide: '/devices/:slug',
  privacy: '/privacy',
  terms: '/terms',
} as const

/** A printable receipt of one of the signed-in customer's payments. */
export const accountReceiptPath = (paymentId: string) =>
  `/account/receipts/${encodeURIComponent(paymentId)}`

/** A device's setup guide (common/device-guides.ts), readable without signing in. */
export const deviceGuidePath = (slug: string) => `${appRoutes.devices}/${encodeURIComponent(slug)}`

/** The query parameter naming a ticket in its link (`/support?ticket={id}`, as e-mails send it). */
export const ticketLinkParam = 'ticket'
export const supportTicketPath = (ticketId: string) =>
  `${appRoutes.support}?${ticketLinkParam}=${encodeURIComponent(ticketId)}`

/** The Business Center's sections, each an address (`/admin/users`, `/admin/support/{id}`…). */
export const adminSections = [
  'users',
  'financials',
  'payments',
  'plans',
  'support',
  'content',
  'settings',
  'tools',
  'api',
] as const
export type AdminSection = (typeof adminSections)[number]

/** Addresses inside the Business Center; ids are encoded, so a link never changes the path. */
export const adminPaths = {
  section: (section: AdminSection) => `${appRoutes.admin}/${section}`,
  person: (personId: string) => `${appRoutes.admin}/users/${encodeURIComponent(personId)}`,
  ticket: (ticketId: string) => `${appRoutes.admin}/support/${encodeURIComponent(ticketId)}`,
} as const

/** The Business Settings field of the package ID for new lines, and its address to link to. */
export const packageIdFieldId = 'supplier-package'
export const packageIdSettingPath = `${adminPaths.section('settings')}#${packageIdFieldId}`

/** Where an /admin address leads: a section (with a person or ticket open), or nowhere. */
export type AdminLocation =
  | { kind: 'section'; section: AdminSection; detailId: string | null }
  | { kind: 'home' }
  | { kind: 'not-found' }

// Sections whose address may name one record: a person (users) or a ticket (support).
const sectionsWithDetail: readonly AdminSection[] = ['users', 'support']

const isAdminSection = (value: string): value is AdminSection =>
  (adminSections as readonly string[]).includes(value)

function decodePathPart(part: string): string | null {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/** Reads a pathname under /admin; a trailing slash is ignored. */
export function parseAdminPath(pathname: string): AdminLocation {
  if (pathname !== appRoutes.admin && !pathname.startsWith(`${appRoutes.admin}/`)) {
    return { kind: 'not-found' }
  }
  const rest = pathname.slice(appRoutes.admin.length).replace(/\/+$/, '')
  if (rest === '') return { kind: 'home' }
  const [, section = '', detail, ...extra] = rest.split('/')
  if (!isAdminSection(section) || extra.length > 0) return { kind: 'not-found' }
  if (detail === undefined) return { kind: 'section', section, detailId: null }
  const detailId = decodePathPart(detail)
  if (!sectionsWithDetail.includes(section) || !detailId) return { kind: 'not-found' }
  return { kind: 'section', section, detailId }
}
