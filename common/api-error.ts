import { z } from 'zod'

/** The body of every 4xx/5xx answer from the API. */
export const apiErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorBody>

export const idParams = z.object({ id: z.uuid({ error: 'id must be a valid UUID' }) })
