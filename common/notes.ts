import { z } from 'zod'

export const maxNoteLength = 2000

/** The text of an admin's private note (on a person or in a ticket's chat). */
export const noteBody = z
  .string({ error: 'Write the note first' })
  .trim()
  .min(1, 'Write the note first')
  .max(maxNoteLength, `A note must be at most ${maxNoteLength} characters`)
