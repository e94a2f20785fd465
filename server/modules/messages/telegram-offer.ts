import { desc, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { outboxMessages } from '../../db/schema/outbox-messages'
import { trialRequests } from '../../db/schema/trial-requests'
import { boundChatOf } from '../telegram/bindings.service'
import { telegramStartLink } from '../../../common/telegram'
import { botUsernameOf, startLinkFor, type StartLinkDeps } from '../telegram/start-link'

type OutboxRow = typeof outboxMessages.$inferSelect

/** Whom an e-mail is to: its person, else the newest request made with the recipient's address. */
async function personOf(db: Db, row: OutboxRow): Promise<string | null> {
  if (row.trialRequestId) return row.trialRequestId
  const [person] = await db
    .select({ id: trialRequests.id })
    .from(trialRequests)
    .where(sql`lower(${trialRequests.email}) = lower(${row.recipient})`)
    .orderBy(desc(trialRequests.createdAt))
    .limit(1)
  return person?.id ?? null
}

/**
 * The "Get messages on Telegram" link an e-mail offers: null when Telegram is off, when we know
 * no person at that address, or when theirs already come on Telegram. The link binds whoever
 * holds it, and only the mailbox's owner receives it.
 */
export async function telegramOfferFor(
  deps: StartLinkDeps,
  row: OutboxRow,
): Promise<string | null> {
  if (!deps.telegram) return null
  const personId = await personOf(deps.db, row)
  if (!personId || (await boundChatOf(deps.db, personId)) !== null) return null
  return startLinkFor(deps, personId)
}

// Binds no one: the bot answers it as a link that is not valid.
const sampleStartToken = 'preview'

/** The offer as a preview or a test send shows it: the bot's link, with a token of no one's. */
export async function sampleTelegramOffer(deps: Omit<StartLinkDeps, 'db'>): Promise<string | null> {
  const username = await botUsernameOf(deps)
  return username ? telegramStartLink(username, sampleStartToken) : null
}
