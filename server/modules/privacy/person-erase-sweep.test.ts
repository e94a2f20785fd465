import { eq, sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailboxKey } from '../../../common/email-address'
import { customerSessions } from '../../db/schema/customer-sessions'
import { customerSignInTokens } from '../../db/schema/customer-sign-in-tokens'
import { m3uLines } from '../../db/schema/m3u-lines'
import { mailBounces } from '../../db/schema/mail-bounces'
import { payments } from '../../db/schema/payments'
import { revenueMonths } from '../../db/schema/revenue-months'
import { telegramBindings } from '../../db/schema/telegram'
import { trialRequests } from '../../db/schema/trial-requests'
import { createClient } from '../../test/http-client'
import { insertPlan } from '../../test/payment-fixtures'
import { walkRoutes } from '../../test/route-walk'
import { useSupplierServer } from '../../test/supplier-server'
import { databaseKinds } from '../../test/test-server'

const form = {
  firstName: 'Marisol',
  lastName: 'Quenby',
  email: 'Marisol.Quenby@example.org',
  plan: 'Starter',
  telegram: '@quenbytv',
  whatsapp: '+44 7700 900123',
}
const chatId = 987654321
// Every spelling of her that was stored somewhere, lower-cased.
const traces = ['marisol', 'quenby', '7700 900123', '447700900123', String(chatId)]

const found = (text: string) => traces.filter((trace) => text.toLowerCase().includes(trace))

describe.each(databaseKinds)('erasing a person on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db
  // PGlite's and node-postgres's results both carry `rows`.
  const rowsOf = async <T>(query: SQL) => ((await db().execute(query)) as { rows: T[] }).rows

  /** Marisol, with a row in every table that can hold something about a person. */
  async function seedMarisol() {
    const customer = createClient(t.server.baseUrl)
    const asked = await customer.post('/api/trial-requests', form)
    expect(asked.status).toBe(201)
    const personId: string = asked.body.id
    expect((await t.admin.post(`/api/trial-requests/${personId}/line`, {})).status).toBe(201)
    await db()
      .update(m3uLines)
      .set({ notes: 'Marisol watches late' })
      .where(eq(m3uLines.trialRequestId, personId))
    const plan = await insertPlan(db(), { name: 'Family Plus', price: '29.97' })
    const paid = await t.admin.post(`/api/trial-requests/${personId}/payments`, {
      planId: plan.id,
      months: 3,
      method: 'cash',
      reference: 'Cash from Marisol Quenby',
    })
    expect(paid.status).toBe(201)
    const refund = { amount: '1.00', reason: 'Goodwill for Marisol' }
    expect((await t.admin.post(`/api/payments/${paid.body.id}/refund`, refund)).status).toBe(200)

    const ticket = await customer.post('/api/support-tickets', {
      customerName: 'Marisol Quenby',
      customerEmail: 'marisol.quenby@example.org',
      subject: 'Marisol cannot log in',
      description: 'Call me on +44 7700 900123',
    })
    expect(ticket.status).toBe(201)
    const ticketId: string = ticket.body.id
    const chat = (client: typeof customer, senderType: string, message: string) =>
      client.post('/api/chat-messages', { ticketId, senderType, message })
    expect((await chat(customer, 'customer', 'It is Marisol again')).status).toBe(201)
    expect((await chat(t.admin, 'admin', 'Hello Marisol, try now')).status).toBe(201)
    const ticketNote = { body: 'Marisol sounded upset' }
    expect((await t.admin.post(`/api/support-tickets/${ticketId}/notes`, ticketNote)).status).toBe(
      201,
    )
    // Her own page's session and sign-in link keep the address they were made for.
    const later = new Date(t.now.getTime() + 86_400_000)
    const own = { trialRequestId: personId, email: form.email, expiresAt: later }
    await db()
      .insert(customerSessions)
      .values({ id: 'session-hash-marisol', ...own })
    await db()
      .insert(customerSignInTokens)
      .values({ id: 'token-hash-marisol', purpose: 'email_link', ...own })
    const note = { body: 'Quenby prefers Telegram' }
    expect((await t.admin.post(`/api/people/${personId}/notes`, note)).status).toBe(201)
    await db()
      .insert(telegramBindings)
      .values({ personId, startToken: 'start-marisol-token', chatId, status: 'bound' })
    await db()
      .insert(mailBounces)
      .values({
        mailbox: mailboxKey(form.email),
        reply: '550 no such user marisol.quenby@example.org',
        bouncedAt: t.now,
      })
    return { personId, ticketId, paymentId: paid.body.id as string }
  }

  /** Each public table's rows as text, and the tables where a trace of her is left. */
  async function tablesWithTraces(): Promise<string[]> {
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
    const left: string[] = []
    for (const { table_name: table } of tables) {
      const texts = await rowsOf<{ text: string }>(
        sql`select t::text as text from ${sql.identifier(table)} t`,
      )
      const hits = texts.flatMap((row) => found(row.text))
      if (hits.length) left.push(`${table}: ${[...new Set(hits)].join(', ')}`)
    }
    return left
  }

  it('leaves no trace of her in any table or any answer, keeps the money, and disables her line', async () => {
    const { personId, ticketId, paymentId } = await seedMarisol()
    expect(await tablesWithTraces()).not.toEqual([])
    const [{ subscriptionId }] = (await db()
      .select({ subscriptionId: trialRequests.subscriptionId })
      .from(trialRequests)
      .where(eq(trialRequests.id, personId))) as [{ subscriptionId: string }]
    const revenueBefore = await db().select().from(revenueMonths)

    const erased = await t.admin.post(`/api/people/${personId}/erase`, { confirm: subscriptionId })
    expect(erased.status).toBe(200)
    expect(erased.body).toEqual({
      personId,
      erasedAt: t.now.toISOString(),
      line: 'disabled',
    })

    expect(await tablesWithTraces()).toEqual([])
    const username = `sl${subscriptionId.slice(4).toLowerCase()}`
    expect(t.supplier.lines.find((line) => line.username === username)).toMatchObject({
      enabled: '0',
    })
    // Money records stay whole: the payment, its refund and the revenue they make.
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId))
    expect(payment).toMatchObject({
      trialRequestId: personId,
      amountMinor: 2997,
      refundedMinor: 100,
      reference: 'Cash from [erased]',
    })
    expect(await db().select().from(revenueMonths)).toEqual(revenueBefore)

    // Every read an admin has, the ones that take her id or her ticket's, and every search.
    const reads = walkRoutes(t.server.app)
      .filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))
      .flatMap((route) =>
        route.url.includes(':')
          ? [personId, ticketId].map((id) => route.url.replace(/:\w+/g, id))
          : [route.url],
      )
    const searches = [form.firstName, form.lastName, form.email, 'quenbytv', '7700'].flatMap(
      (term) => [
        `/api/trial-requests?q=${encodeURIComponent(term)}`,
        `/api/trial-requests/search?q=${encodeURIComponent(term)}`,
      ],
    )
    for (const path of [...reads, ...searches]) {
      const { status, body } = await t.admin.get(path)
      expect.soft(found(JSON.stringify(body)), `${path} (${status})`).toEqual([])
    }
    const view = (await t.admin.get(`/api/people/${personId}`)).body
    expect(view.person).toMatchObject({ name: 'Erased person', telegram: null, whatsapp: null })
    expect(view.tickets).toHaveLength(1)
    expect(view.notes).toEqual([])
    expect(view.line).toMatchObject({ status: 'disabled', isSynced: true })
    const trail = (await t.admin.get(`/api/audit-log?entityId=${personId}`)).body
    expect(JSON.stringify(trail)).toContain('trial_request.erase')
  })
})
