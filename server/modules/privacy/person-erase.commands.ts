import { invalidField } from '../../lib/http-error'
import { actingAdmin, auditAction, auditedChange, type CommandContext } from '../audit/command'
import type { SupplierAccess } from '../m3u/supplier-access'
import { disableErasedLine } from './person-line-erase'
import { eraseRecords } from './person-erase.service'
import { findPersonRecords } from './person-records'

export const eraseAction = auditAction('trial_request', 'erase')

/**
 * A person's data erased on their request, once the caller typed their subscription id; their
 * line is then disabled on the panel, outside the transaction.
 */
export async function erasePerson(
  ctx: CommandContext & { access: SupplierAccess },
  { personId, confirm }: { personId: string; confirm: string },
) {
  const admin = actingAdmin(ctx)
  const { person } = await findPersonRecords(ctx.db, personId)
  if (confirm.toUpperCase() !== person.subscriptionId) {
    throw invalidField('confirm', `confirm must be this person's subscription id`)
  }
  const erasedAt = ctx.now()
  // The entry names the action and the person's id; the erased values are in no entry.
  const entry = { entityId: personId, details: { fields: ['confirm'] } }
  const { lineId, ticketIds } = await auditedChange(ctx, eraseAction, entry, (tx) =>
    eraseRecords(tx, person.id, erasedAt),
  )
  await ctx.bus.publish({ kind: 'ticket_contacts_changed', ticketIds })
  const line = await disableErasedLine(ctx.access, lineId, admin)
  return { personId: person.id, erasedAt: erasedAt.toISOString(), line }
}
