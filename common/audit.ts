/**
 * What an audit line adds: the names of the fields a change sent, never their values, and how it
 * ended where that is not plain success (`skipped`: another runner held the job; `replayed`: a
 * retried order that bought nothing new; `pending`: saved, and the supplier panel, which did not
 * take it yet, is retried).
 */
export type AuditDetails = {
  fields?: string[]
  outcome?: 'completed' | 'skipped' | 'replayed' | 'pending'
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
  createdAt: string
}
