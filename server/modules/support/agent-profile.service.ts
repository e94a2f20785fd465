import { eq } from 'drizzle-orm'
import type { AgentProfile } from '../../../common/support'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import { notFound } from '../../lib/http-error'

export async function getAgentProfile(db: Db, adminId: string): Promise<AgentProfile> {
  const [row] = await db
    .select({ displayName: users.supportDisplayName })
    .from(users)
    .where(eq(users.id, adminId))
  if (!row) throw notFound('Admin not found')
  return row
}

export async function setAgentProfile(
  db: Db,
  adminId: string,
  profile: AgentProfile,
  now: Date,
): Promise<AgentProfile> {
  const [row] = await db
    .update(users)
    .set({ supportDisplayName: profile.displayName, updatedAt: now })
    .where(eq(users.id, adminId))
    .returning({ displayName: users.supportDisplayName })
  if (!row) throw notFound('Admin not found')
  return row
}
