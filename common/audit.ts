import { z } from 'zod'
import { manualMethods, paymentProviders, reviewActions } from './payments'

/**
 * What an audited entity was called when it changed (or, for entries recorded before names were
 * kept, what it is called now): a person's name, a plan's, a discount's code, a post's title, a
 * ticket's subject, an admin's username, a line's owner.
 */
export const auditSubject = z.looseObject({
  name: z.string(),
  /** The person a line belongs to, for a link to them. */
  personId: z.string().optional(),
  /** A converted subscription's plan and price ("29.99"). */
  plan: z.string().optional(),
  price: z.string().optional(),
})
export type AuditSubject = z.infer<typeof auditSubject>

/**
 * What an audit line adds: the names of the fields a change sent, never their values, and how it
 * ended where that is not plain success (`skipped`: another runner held the job; `replayed`: a
 * retried order that bought nothing new; `pending`: saved, and the supplier panel, which did not
 * take it yet, is retried). Loose: entries written before a key was named here keep what they hold.
 */
export const auditDetails = z.looseObject({
  fields: z.array(z.string()).optional(),
  outcome: z.enum(['completed', 'skipped', 'replayed', 'pending']).optional(),
  /** The payment a change came from: who took it, and for money received by hand, how. */
  payment: z
    .object({
      provider: z.enum(paymentProviders),
      method: z.enum(manualMethods).nullable().optional(),
    })
    .optional(),
  /** Money given back: how much ("10.00") of which currency, the admin's reason, and the
   * subscription's new end when the refund shortened it. */
  refund: z
    .object({
      amount: z.string(),
      currency: z.string(),
      reason: z.string(),
      shortenedTo: z.string().nullable().optional(),
    })
    .optional(),
  /** A payment in review decided by an admin: which payment, how, and their note. */
  resolution: z
    .object({ paymentId: z.string(), action: z.enum(reviewActions), note: z.string() })
    .optional(),
  /** A renewal's declined attempt: which, and Stripe's code. */
  renewal: z.object({ attempt: z.number(), code: z.string() }).optional(),
  /** Days a compensation gave a subscription (after an outage): which, by whom, the new end. */
  compensation: z
    .object({ id: z.string(), days: z.number(), newEnd: z.string(), orderedBy: z.string() })
    .optional(),
  /** A difference with the supplier panel put right: its kind, whose side was kept, and the
   * subscription's new end when keeping the panel's expiry moved it. */
  drift: z
    .object({
      kind: z.string(),
      keep: z.enum(['ours', 'panel']),
      subscriptionEnd: z.string().nullable().optional(),
    })
    .optional(),
})
export type AuditDetails = z.infer<typeof auditDetails>

/** One line of the audit trail, as GET /api/audit-log lists it (newest first). */
export const auditEntry = z.object({
  id: z.string(),
  /** The admin's username, or 'system' for scheduled jobs. */
  actorUsername: z.string(),
  /** `area.verb`, e.g. `trial_request.convert`. */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: auditDetails.nullable(),
  /** What the entity was called (see AuditSubject); null when that is not known. */
  subject: auditSubject.nullable(),
  /** The entity has since been deleted: nothing to link to. */
  isEntityGone: z.boolean(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntry>

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
