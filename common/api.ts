import { z } from 'zod'

/** The body of every 4xx/5xx answer from the API. */
export const apiErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Where an admin changes the setting that refused the request (`/admin/settings#…`). */
  settingsPath: z.string().optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorBody>

export const idParams = z.object({ id: z.uuid({ error: 'id must be a valid UUID' }) })

/** The README's list convention: `limit` (default 50, at most 200) and an opaque `cursor`. */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be between 1 and 200' })
    .int('limit must be between 1 and 200')
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(50),
  cursor: z.string().max(500, 'cursor is not valid').optional(),
})
