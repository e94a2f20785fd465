import { z } from 'zod'
import { auditEntry } from './audit'
import { noteBody } from './notes'
import { personLine } from './person-lines'
import { staffRenewal } from './renewals'
import { supportTicket } from './support'
import { trialRequest, trialRequestStages } from './trial-requests'

/** An admin's private note on a person; customers never see it. */
export const personNote = z.object({
  id: z.uuid(),
  body: z.string(),
  authorUsername: z.string(),
  createdAt: z.iso.datetime(),
})
export type PersonNote = z.infer<typeof personNote>

export { maxNoteLength as maxPersonNoteLength } from './notes'

export const createPersonNoteInput = z.object({ body: noteBody })
export type CreatePersonNoteInput = z.input<typeof createPersonNoteInput>

export const personNoteParams = z.object({
  id: z.uuid({ error: 'id must be a valid UUID' }),
  noteId: z.uuid({ error: 'noteId must be a valid UUID' }),
})

/** A ticket the person opened (matched by e-mail), as the customer view lists it. */
export const personTicket = supportTicket.pick({
  id: true,
  subject: true,
  status: true,
  priority: true,
  createdAt: true,
  updatedAt: true,
})
export type PersonTicket = z.infer<typeof personTicket>

/**
 * Everything the customer view shows in one answer (GET /api/people/{id}): the person, their
 * tickets and notes (newest first), and the Activity trail's entries about them (newest first).
 */
export const personView = z.object({
  person: trialRequest,
  /** When a running trial ends (its start plus the trial duration in Business Settings); else null. */
  trialEndsAt: z.iso.datetime().nullable(),
  /** Their line on the supplier panel once it is made; else null. */
  line: personLine.nullable(),
  /** Automatic renewal with its attempts; null for support, who see no money. */
  renewal: staffRenewal.nullable(),
  tickets: z.array(personTicket),
  notes: z.array(personNote),
  timeline: z.array(auditEntry),
})
export type PersonView = z.infer<typeof personView>

/** How many of each list the view shows; older ones are in the Activity log. */
export const personViewLimits = { tickets: 20, notes: 50, timeline: 50 } as const

export const maxBulkStageIds = 200

/** Moves several requests to one follow-up stage at once ("Mark contacted" on the selected rows). */
export const bulkStageInput = z.object({
  ids: z
    .array(z.uuid({ error: 'ids must be UUIDs' }), { error: 'ids must be a list of request ids' })
    .min(1, 'Select at least one request')
    .max(maxBulkStageIds, `Select at most ${maxBulkStageIds} requests at once`),
  status: z.enum(trialRequestStages, {
    error: 'Status must be Pending, Contacted, Processed or Rejected',
  }),
})
export type BulkStageInput = z.input<typeof bulkStageInput>

/** How many requests the bulk change moved (ids it did not find are left out). */
export const bulkStageResult = z.object({ updated: z.number().int() })
export type BulkStageResult = z.infer<typeof bulkStageResult>
