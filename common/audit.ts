/**
 * What an audited entity was called when it changed (or, for entries recorded before names were
 * kept, what it is called now): a person's name, a plan's, a discount's code, a post's title, a
 * ticket's subject, an admin's username, a line's owner.
 */
export type AuditSubject = {
  name: string
  /** The person a line belongs to, for a link to them. */
  personId?: string
  /** A converted subscription's plan and price ("29.99"). */
  plan?: string
  price?: string
}

import type { ManualMethod, PaymentProvider } from './payments'

/**
 * What an audit line adds: the names of the fields a change sent, never their values, and how it
 * ended where that is not plain success (`skipped`: another runner held the job; `replayed`: a
 * retried order that bought nothing new; `pending`: saved, and the supplier panel, which did not
 * take it yet, is retried).
 */
export type AuditDetails = {
  fields?: string[]
  outcome?: 'completed' | 'skipped' | 'replayed' | 'pending'
  /** The payment a change came from: who took it, and for money received by hand, how. */
  payment?: { provider: PaymentProvider; method?: ManualMethod | null }
  /** Money given back: how much ("10.00") of which currency, the admin's reason, and the
   * subscription's new end when the refund shortened it. */
  refund?: { amount: string; currency: string; reason: string; shortenedTo?: string | null }
  /** A difference with the supplier panel put right: its kind, whose side was kept, and the
   * subscription's new end when keeping the panel's expiry moved it. */
  drift?: { kind: string; keep: 'ours' | 'panel'; subscriptionEnd?: string | null }
}

/** One line of the audit trail, as GET /api/audit-log lists it (newest first). */
export type AuditEntry = {
  id: string
  /** The admin's username, or 'system' for scheduled jobs. */
  actorUsername: string
  /** `area.verb`, e.g. `trial_request.convert`. */
  action: string
  entityType: string
  entityId: string | null
  details: AuditDetails | null
  /** What the entity was called (see AuditSubject); null when that is not known. */
  subject: AuditSubject | null
  /** The entity has since been deleted: nothing to link to. */
  isEntityGone: boolean
  createdAt: string
}

/** The kinds of entity the trail records changes to, as an admin names them. */
export const auditEntityTypes = {
  trial_request: 'Trial requests and subscribers',
  plan: 'Plans',
  discount: 'Discounts',
  blog_post: 'Blog posts',
  legal_page: 'Legal pages',
  support_ticket: 'Support tickets',
  m3u_line: 'Lines',
  supplier: 'Supplier panel',
  admin_user: 'Admin accounts',
  settings: 'Settings',
  maintenance: 'Maintenance',
  payment_import: 'Payment history imports',
} as const satisfies Record<string, string>
