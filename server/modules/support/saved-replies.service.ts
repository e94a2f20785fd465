import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { SavedReply, saveSavedReplyInput } from '../../../common/saved-replies'
import type { Db } from '../../db/client'
import { savedReplies } from '../../db/schema/saved-replies'
import { notFound } from '../../lib/http-error'

type SavedReplyInput = z.output<typeof saveSavedReplyInput>

function presentSavedReply(row: typeof savedReplies.$inferSelect): SavedReply {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

/** Every saved reply, by title: the "/" picker filters them in the browser. */
export async function listSavedReplies(db: Db): Promise<SavedReply[]> {
  const rows = await db.select().from(savedReplies).orderBy(asc(savedReplies.title))
  return rows.map(presentSavedReply)
}

export async function createSavedReply(
  db: Db,
  input: SavedReplyInput,
  now: Date,
): Promise<SavedReply> {
  const [row] = await db
    .insert(savedReplies)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning()
  return presentSavedReply(row!)
}

export async function updateSavedReply(
  db: Db,
  id: string,
  input: SavedReplyInput,
  now: Date,
): Promise<SavedReply> {
  const [row] = await db
    .update(savedReplies)
    .set({ ...input, updatedAt: now })
    .where(eq(savedReplies.id, id))
    .returning()
  if (!row) throw notFound('Saved reply not found')
  return presentSavedReply(row)
}

export async function deleteSavedReply(db: Db, id: string): Promise<void> {
  const rows = await db
    .delete(savedReplies)
    .where(eq(savedReplies.id, id))
    .returning({ id: savedReplies.id })
  if (!rows.length) throw notFound('Saved reply not found')
}
