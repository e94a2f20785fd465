import { eq } from 'drizzle-orm'
import { normalizeEmail } from '../../../common/email-address'
import type { Db } from '../../db/client'
import { mailBounces } from '../../db/schema/mail-bounces'

/** Notes that the address's mailbox does not exist (a 5xx to RCPT TO); the latest reply is kept. */
export async function recordBounce(db: Db, address: string, reply: string, now: Date) {
  const values = { reply, bouncedAt: now }
  await db
    .insert(mailBounces)
    .values({ mailbox: normalizeEmail(address), ...values })
    .onConflictDoUpdate({ target: mailBounces.mailbox, set: values })
}

export async function hasBounced(db: Db, address: string): Promise<boolean> {
  const [row] = await db
    .select({ mailbox: mailBounces.mailbox })
    .from(mailBounces)
    .where(eq(mailBounces.mailbox, normalizeEmail(address)))
  return row !== undefined
}
