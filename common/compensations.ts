import { z } from 'zod'

/** Where one subscription of a compensation stands (server/db/schema/compensations.ts). */
export const compensationItemStates = ['pending', 'extended', 'done', 'failed', 'skipped'] as const
export type CompensationItemState = (typeof compensationItemStates)[number]

/**
 * POST /api/lines/compensations: `days` added to every paid subscription active at `activeAt`.
 * `requestId` is made once per submission by the client: sent again (a retry, a double click),
 * the same compensation answers and nothing is extended twice.
 */
export const compensationInput = z.object({
  days: z
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be between 1 and 30')
    .max(30, 'days must be between 1 and 30'),
  activeAt: z.iso.datetime({ offset: true, error: 'activeAt must be an ISO date and time' }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(500, 'note must be at most 500 characters')
    .default(''),
  notify: z.boolean({ error: 'notify must be true or false' }),
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
})
export type CompensationInput = z.input<typeof compensationInput>

export const compensationCreated = z.object({ id: z.uuid() })

/** GET /api/lines/compensations/{id}: how far it has gone. */
export const compensationProgress = z.object({
  id: z.uuid(),
  status: z.enum(['running', 'finished']),
  days: z.number(),
  activeAt: z.string(),
  note: z.string(),
  notify: z.boolean(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  skipped: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type CompensationProgress = z.infer<typeof compensationProgress>
