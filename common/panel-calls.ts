import { z } from 'zod'

/** One call to the supplier's panel, as a line's history lists it (newest first). */
export const panelCall = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** The panel's action: create_line, edit_line, get_lines, user_info… */
  action: z.string(),
  lineId: z.uuid().nullable(),
  personId: z.uuid().nullable(),
  panelLineId: z.string().nullable(),
  /** STATUS_SUCCESS or the panel's STATUS_*, else timeout, unreachable or unreadable. */
  outcome: z.string(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The admin's username, or 'system' for scheduled work. */
  actor: z.string(),
  message: z.string().nullable(),
})
export type PanelCall = z.infer<typeof panelCall>
