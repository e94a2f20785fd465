import { z } from 'zod'
import { outboxMessage } from './messages'
import { payment } from './payments'
import { personNote } from './people'
import { personLine } from './person-lines'
import { chatMessage, supportTicket, ticketNote } from './support'
import { trialRequest } from './trial-requests'

/** What an erased person, their tickets and their chat senders are called afterwards. */
export const erasedName = 'Erased person'

/** What replaces erased free text: chat messages, ticket subjects, the person's values in notes. */
export const erasedText = '[erased]'

/**
 * The address an erased person is left with: `.invalid` is reserved (RFC 2606), so it can never
 * reach anyone, and it names no one. Derived from the id so that erasing twice changes nothing.
 */
export const erasedEmail = (personId: string) => `erased-${personId.slice(0, 8)}@erased.invalid`

/**
 * POST /api/people/{id}/erase: `confirm` must repeat the person's subscription id (SUB-…), which
 * the person page shows and erasure keeps, so a second erase is confirmed the same way.
 */
export const personEraseInput = z.object({
  confirm: z
    .string({ error: 'confirm: type the subscription id (SUB-…) to confirm' })
    .trim()
    .min(1, 'confirm: type the subscription id (SUB-…) to confirm')
    .max(20, 'confirm: type the subscription id (SUB-…) to confirm'),
})
export type PersonEraseInput = z.input<typeof personEraseInput>

export const personErasure = z.object({
  personId: z.uuid(),
  erasedAt: z.iso.datetime(),
  /**
   * Their line on the panel: `disabled` once the panel took it, `pending` while it is retried
   * (the change is recorded and the retry job pushes it), `none` when they have no line.
   */
  line: z.enum(['none', 'disabled', 'pending']),
})
export type PersonErasure = z.infer<typeof personErasure>

const jsonObject = z.record(z.string(), z.unknown())

/** GET /api/people/{id}/export: one entry of the Activity trail about the person. */
export const exportedAuditEntry = z.object({
  id: z.uuid(),
  actorUsername: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: jsonObject.nullable(),
  createdAt: z.iso.datetime(),
})

/**
 * Everything we hold about one person (GET /api/people/{id}/export), for a request under data
 * protection law. Their line's username and password are theirs (we sent them); the panel's own
 * keys and our secrets are never in it.
 */
export const personExport = z.object({
  exportedAt: z.iso.datetime(),
  person: trialRequest,
  renewals: z.array(
    z.object({
      paidPlan: z.string(),
      months: z.number().int(),
      price: z.string(),
      paidAt: z.iso.datetime(),
      newEnd: z.iso.datetime(),
    }),
  ),
  payments: z.array(
    payment.extend({
      refunds: z.array(
        z.object({
          amount: z.string(),
          reason: z.string(),
          createdAt: z.iso.datetime(),
          refundedAt: z.iso.datetime().nullable(),
        }),
      ),
    }),
  ),
  line: personLine.nullable(),
  tickets: z.array(
    supportTicket.extend({ messages: z.array(chatMessage), notes: z.array(ticketNote) }),
  ),
  notes: z.array(personNote),
  messages: z.array(outboxMessage.extend({ variables: z.record(z.string(), z.string()) })),
  telegram: z
    .object({
      chatId: z.number().nullable(),
      status: z.string(),
      boundAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  remindersStoppedAt: z.iso.datetime().nullable(),
  activity: z.array(exportedAuditEntry),
})
export type PersonExport = z.infer<typeof personExport>
