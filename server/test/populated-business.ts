import type { Db } from '../db/client'
import { chatMessages } from '../db/schema/chat-messages'
import { legalPages } from '../db/schema/legal-pages'
import { m3uLines } from '../db/schema/m3u-lines'
import { messagePreferences } from '../db/schema/message-preferences'
import { paymentRefunds } from '../db/schema/payment-refunds'
import { receiptNumbers } from '../db/schema/receipt-numbers'
import { supportTickets } from '../db/schema/support-tickets'
import { telegramBindings } from '../db/schema/telegram'
import { ticketNotes } from '../db/schema/ticket-notes'
import { insertBlogPost } from './blog-fixtures'
import type { createClient } from './http-client'
import { insertPayment } from './payment-fixtures'
import { seedAdmin } from './seed-admin'
import { insertTrialRequest } from './trial-fixtures'

/** The last receipt number the business gave: the next one after a restore is one more. */
export const lastReceiptNumber = 41

/** Staff besides the owner: restored without a password, given one by a super admin. */
export const agent = {
  username: 'agent-ada',
  password: 'amber-harbour-7731',
  role: 'support' as const,
}

/**
 * A small business as an operator's would be: people (converted and not), payments over several
 * months with a refund, lines, a ticket with its chat and notes, posts, a legal page, a second
 * staff account and the receipts counter.
 */
export async function populateBusiness(db: Db): Promise<void> {
  await seedAdmin(db, agent)
  const converted = await insertTrialRequest(db, {
    createdAt: new Date('2025-01-05T09:00:00Z'),
    subscriptionStatus: 'active',
    paidPlan: 'Premium',
    subscriptionPrice: '29.99',
    subscriptionStartDate: new Date('2025-01-10T09:00:00Z'),
    subscriptionEndDate: new Date('2025-04-10T09:00:00Z'),
  })
  const other = await insertTrialRequest(db, { createdAt: new Date('2025-02-01T09:00:00Z') })
  await insertTrialRequest(db, { createdAt: new Date('2025-02-03T09:00:00Z') })
  const paid = [
    ['2025-01-10', 'Receipt 1'],
    ['2025-02-10', 'Receipt 2'],
    ['2025-03-10', 'Receipt 3'],
  ].map(([day, reference]) => ({ day: new Date(`${day}T09:00:00Z`), reference: reference! }))
  for (const [index, { day, reference }] of paid.entries()) {
    const payment = await insertPayment(db, {
      trialRequestId: converted.id,
      reference,
      receiptNumber: lastReceiptNumber - paid.length + index + 1,
      paidAt: day,
      periodStart: day,
      newEnd: new Date(day.getTime() + 31 * 86_400_000),
    })
    if (index === 1) {
      await db.insert(paymentRefunds).values({
        paymentId: payment.id,
        amountMinor: 999,
        reason: 'Outage on the 12th',
        refundedAt: new Date('2025-02-15T09:00:00Z'),
      })
    }
  }
  await db.insert(receiptNumbers).values({ id: 1, lastNumber: lastReceiptNumber })
  await db.insert(m3uLines).values({
    trialRequestId: converted.id,
    username: 'sl4line01',
    password: 'Lp9Tq2Wx7Zr4',
    m3uUrl: 'https://panel.example/get.php?username=sl4line01&password=Lp9Tq2Wx7Zr4&type=m3u_plus',
    subscriptionType: 99,
    packageId: '1',
    supplierId: '9001',
  })
  await db.insert(telegramBindings).values({ personId: other.id, startToken: 'tgStart4Other0001' })
  await db
    .insert(messagePreferences)
    .values({ trialRequestId: converted.id, unsubscribeToken: 'unsub4Converted01' })
  const [ticket] = await db
    .insert(supportTickets)
    .values({
      customerName: 'Ada',
      customerEmail: 'ada@example.com',
      subject: 'Buffering',
      description: 'Stutters at 8 pm',
    })
    .returning()
  await db.insert(chatMessages).values([
    { ticketId: ticket!.id, senderType: 'customer', senderName: 'Ada', message: 'It stutters' },
    {
      ticketId: ticket!.id,
      senderType: 'admin',
      senderName: 'Support Agent',
      message: 'Restart the app, please',
    },
  ])
  await db
    .insert(ticketNotes)
    .values({ ticketId: ticket!.id, body: 'Checked the panel', authorUsername: 'owner' })
  await insertBlogPost(db, { title: 'Our March schedule' })
  await insertBlogPost(db, { title: 'Draft for April', published: false })
  await db
    .insert(legalPages)
    .values({ slug: 'privacy', title: 'Privacy Policy', body: 'We keep what you tell us.' })
}

/** The business figures an owner reads, as the API answers them to a super admin. */
export async function businessFigures(admin: ReturnType<typeof createClient>) {
  const read = async (path: string) => {
    const { status, body, headers } = await admin.get(path)
    if (status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(body)}`)
    return { body, total: headers.get('x-total-count') }
  }
  return {
    // "Now" is the moment of the reading; what it counts is compared.
    metrics: await read('/api/metrics/subscriptions?from=2025-01&to=2025-06').then(
      ({ body: { now, ...figures }, total }) => ({
        body: { ...figures, now: { ...now, at: undefined } },
        total,
      }),
    ),
    revenue: await read('/api/revenue-analytics'),
    payments: await read('/api/payments'),
    paymentsCsv: await read('/api/payments/export.csv'),
    people: await read('/api/trial-requests/stats'),
    peopleList: await read('/api/trial-requests'),
    // A line's playlist URL carries its password, which backups leave out.
    lines: await read('/api/m3u-lines').then(({ body, total }) => ({
      body: body.map(({ m3uUrl: _url, ...line }: Record<string, unknown>) => line),
      total,
    })),
    tickets: await read('/api/support-tickets'),
    posts: await read('/api/blog-posts'),
  }
}
