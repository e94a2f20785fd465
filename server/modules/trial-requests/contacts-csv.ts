import { and, desc } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { csvCell, csvStream } from '../../lib/csv-export'
import { olderThan } from '../../lib/keyset'
import type { listFilter } from './trial-requests-admin.service'

const columns = [
  ['subscriptionId', 'Subscription ID'],
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['telegram', 'Telegram'],
  ['whatsapp', 'WhatsApp'],
  ['plan', 'Trial plan'],
  ['status', 'Request status'],
  ['subscriptionStatus', 'Subscription status'],
  ['paidPlan', 'Paid plan'],
  ['subscriptionPrice', 'Price'],
  ['subscriptionStartDate', 'Start'],
  ['subscriptionEndDate', 'End'],
  ['adminNotes', 'Notes'],
  ['createdAt', 'Requested'],
] as const

const batchSize = 2000

async function* rows(db: Db, filter: ReturnType<typeof listFilter>) {
  yield columns.map(([, header]) => header)
  let after: { createdAt: Date; id: string } | null = null
  for (;;) {
    const batch: (typeof trialRequests.$inferSelect)[] = await db
      .select()
      .from(trialRequests)
      .where(and(filter, after ? olderThan(trialRequests, after) : undefined))
      .orderBy(desc(trialRequests.createdAt), desc(trialRequests.id))
      .limit(batchSize)
    for (const row of batch) yield columns.map(([key]) => csvCell(row[key]))
    if (batch.length < batchSize) return
    after = batch.at(-1)!
  }
}

/** RFC 4180 CSV (CRLF, quoted where needed), streamed in batches so any size fits in memory. */
export function contactsCsv(db: Db, filter: ReturnType<typeof listFilter>): Readable {
  return csvStream(rows(db, filter))
}

export const contactsFileName = (now: Date) => `contacts-${now.toISOString().slice(0, 10)}.csv`
