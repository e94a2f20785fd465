import { hasRole, type AdminRole } from '../../common/admin-users'
import type { AuditDetails, AuditEntry, AuditSubject } from '../../common/audit'
import type { OutboxMessage } from '../../common/messages'
import type { PersonView } from '../../common/people'
import type { TrialRequest } from '../../common/trial-requests'

/**
 * What a support agent reads of the records they share with admins: the same records, with money
 * left out (prices, amounts, refunds and their reasons, who took a payment). Left out here, on
 * the server, so that no screen or client has to remember to hide it (docs/decisions/0038).
 */

/** Whether staff of this role read money: admins and super admins do, support agents never. */
export const readsMoney = (role: AdminRole) => hasRole(role, 'admin')

/** The record as `role` sees it: itself for whoever reads money, else `forSupport` of it. */
export const viewFor = <T>(role: AdminRole, record: T, forSupport: (record: T) => T): T =>
  readsMoney(role) ? record : forSupport(record)

/** A person without the price of their subscription (their plan stays: support helps with it). */
export function trialRequestForSupport<T extends TrialRequest>(request: T): T {
  const { subscriptionPrice: _price, ...shown } = request
  return shown as T
}

/**
 * An Activity entry with only the names of the fields a change sent and how it ended; the
 * payment's provider and method, a refund's amount and reason, and a conversion's price go.
 */
export function auditEntryForSupport(entry: AuditEntry): AuditEntry {
  const details: AuditDetails | null = entry.details && {
    ...(entry.details.fields ? { fields: entry.details.fields } : {}),
    ...(entry.details.outcome ? { outcome: entry.details.outcome } : {}),
  }
  const subject: AuditSubject | null = entry.subject && {
    name: entry.subject.name,
    ...(entry.subject.personId ? { personId: entry.subject.personId } : {}),
    ...(entry.subject.plan ? { plan: entry.subject.plan } : {}),
  }
  return { ...entry, details, subject }
}

// Their subjects name amounts, which support agents are not shown.
const moneyKinds: readonly string[] = ['payment_receipt', 'payment_refund']

/** A receipt or a refund is listed by its kind and when it went, without its subject. */
export function outboxMessageForSupport(message: OutboxMessage): OutboxMessage {
  return moneyKinds.includes(message.kind) ? { ...message, subject: null } : message
}

export function personViewForSupport(view: PersonView): PersonView {
  return {
    ...view,
    person: trialRequestForSupport(view.person),
    renewal: null,
    timeline: view.timeline.map(auditEntryForSupport),
  }
}
