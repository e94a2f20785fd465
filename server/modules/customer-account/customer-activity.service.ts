import { and, desc, eq, sql } from 'drizzle-orm'
import type { AccountActivity, CustomerAction } from '../../../common/customer-account'
import type { Db } from '../../db/client'
import { customerActivity } from '../../db/schema/customer-activity'
import { countCustomerSessions } from './customer-sessions.service'

/** Records what a customer did, in the transaction of the change when there is one. */
export async function recordCustomerAction(
  db: Db,
  personId: string,
  action: CustomerAction,
  detail: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(customerActivity)
    .values({ trialRequestId: personId, action, detail, createdAt: now })
}

/** The person's last sign-in, live sessions and latest actions, for their page (admins). */
export async function readCustomerActivity(
  db: Db,
  personId: string,
  now: Date,
): Promise<AccountActivity> {
  const [entries, [lastSignIn], activeSessions] = await Promise.all([
    db
      .select()
      .from(customerActivity)
      .where(eq(customerActivity.trialRequestId, personId))
      .orderBy(desc(customerActivity.createdAt))
      .limit(50),
    db
      .select({ at: sql<Date | null>`max(${customerActivity.createdAt})` })
      .from(customerActivity)
      .where(
        and(
          eq(customerActivity.trialRequestId, personId),
          eq(customerActivity.action, 'signed_in'),
        ),
      ),
    countCustomerSessions(db, personId, now),
  ])
  const lastAt = lastSignIn?.at ? new Date(lastSignIn.at) : null
  return {
    lastSignInAt: lastAt?.toISOString() ?? null,
    activeSessions,
    entries: entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      detail: entry.detail,
      at: entry.createdAt.toISOString(),
    })),
  }
}
