import { and, eq, gt } from 'drizzle-orm'
import { mailboxKey } from '../../../common/email-address'
import type { Db } from '../../db/client'
import { mailBounces } from '../../db/schema/mail-bounces'

/**
 * How long a bounce holds mail back: a mailbox refused today may be created (or a typo's owner
 * appear) later, and a stale entry would silence it for good.
 */
export const bounceLifetimeMs = 30 * 24 * 60 * 60_000

/** Notes that the address's mailbox does not exist (5.1.x or 5.2.1 to RCPT TO); the latest kept. */
export async function recordBounce(db: Db, address: string, reply: string, now: Date) {
  const values = { reply, bouncedAt: now }
  await db
    .insert(mailBounces)
    .values({ mailbox: mailboxKey(address), ...values })
    .onConflictDoUpdate({ target: mailBounces.mailbox, set: values })
}

/** The mailbox bounced within the last 30 days (an older entry is ignored where it is read). */
export async function hasBounced(db: Db, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ mailbox: mailBounces.mailbox })
    .from(mailBounces)
    .where(
      and(
        eq(mailBounces.mailbox, mailboxKey(address)),
        gt(mailBounces.bouncedAt, new Date(now.getTime() - bounceLifetimeMs)),
      ),
    )
  return row !== undefined
}
