import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { messagePreferences } from '../../db/schema/message-preferences'
import { messageReminders } from '../../db/schema/message-reminders'
import { messageTemplates } from '../../db/schema/message-templates'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { paymentRefunds } from '../../db/schema/payment-refunds'
import { personNotes } from '../../db/schema/person-notes'
import { savedReplies } from '../../db/schema/saved-replies'
import { supportTickets } from '../../db/schema/support-tickets'
import { telegramBindings } from '../../db/schema/telegram'
import { ticketNotes } from '../../db/schema/ticket-notes'
import { trialAutostarts } from '../../db/schema/trial-autostarts'
import { createClient } from '../../test/http-client'
import { insertPayment } from '../../test/payment-fixtures'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

// More than one page of the export (1,000 rows), to page through a composite primary key.
const reminderCount = 1005

// A person's live credentials, as random as the app's own: none may be in a backup's bytes.
const live = {
  startToken: 'tg7QzK2mVb9XwR4pLs8NdHf3',
  unsubscribeToken: 'un5Jc8WqE2rT6yUi9oPa1sDf',
  linePassword: 'Lp4Gh7Jk2Mn9Bv3X',
  panelPassword: 'Pp8Rt2Yu6Io1Qw5E',
}

describe.each(databaseKinds)('the backup export of what later migrations added, on %s', (kind) => {
  let server: TestServer
  let backupText: string
  let backup: { version: number; tables: Record<string, Record<string, unknown>[]> }

  beforeAll(async () => {
    server = await startTestServer(kind)
    const { db } = server.app
    const person = await insertTrialRequest(db)
    const payment = await insertPayment(db, { trialRequestId: person.id, reference: 'Till 4' })
    await db.insert(paymentRefunds).values({
      paymentId: payment.id,
      amountMinor: 500,
      reason: 'Goodwill',
      refundedAt: new Date(),
    })
    await db
      .insert(personNotes)
      .values({ trialRequestId: person.id, body: 'Prefers Telegram', authorUsername: 'owner' })
    const [ticket] = await db
      .insert(supportTickets)
      .values({
        customerName: 'Ada',
        customerEmail: 'ada@example.com',
        subject: 'Buffering',
        description: 'Stutters at 8 pm',
      })
      .returning()
    await db
      .insert(ticketNotes)
      .values({ ticketId: ticket!.id, body: 'Checked the panel', authorUsername: 'owner' })
    await db.insert(savedReplies).values({ title: 'Restart', body: 'Please restart the app.' })
    await db
      .insert(messageTemplates)
      .values({ kind: 'trial_login', subject: 'Your login', body: 'Hello {firstName}' })
    await db.insert(outboxMessages).values({
      trialRequestId: person.id,
      channel: 'email',
      kind: 'trial_login',
      recipient: person.email!,
    })
    await db.insert(messagePreferences).values({
      trialRequestId: person.id,
      unsubscribeToken: live.unsubscribeToken,
      remindersStoppedAt: new Date('2026-11-20T10:00:00Z'),
    })
    await db.insert(telegramBindings).values({ personId: person.id, startToken: live.startToken })
    await db.insert(m3uLines).values({
      trialRequestId: person.id,
      username: 'sl7k2m9qxa',
      password: live.linePassword,
      panelPassword: live.panelPassword,
      m3uUrl: `https://panel.example/get.php?username=sl7k2m9qxa&password=${live.linePassword}`,
      subscriptionType: 99,
      packageId: '1',
      supplierId: '4711',
    })
    await db
      .insert(trialAutostarts)
      .values({ personId: person.id, status: 'waiting', reason: 'Waiting for an admin' })
    await db.insert(messageReminders).values(
      Array.from({ length: reminderCount }, (_, index) => ({
        trialRequestId: person.id,
        kind: 'subscription_ending',
        offsetMinutes: 60,
        periodEnd: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000),
      })),
    )
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const response = await fetch(new URL('/api/maintenance/backup', server.baseUrl), {
      headers: { cookie: admin.cookie! },
    })
    backupText = await response.text()
    backup = JSON.parse(backupText)
  })
  afterAll(() => server.close())

  it('holds notes, saved replies, templates, messages, unsubscribes and trial autostarts', () => {
    const { tables } = backup
    expect(tables.person_notes).toEqual([expect.objectContaining({ body: 'Prefers Telegram' })])
    expect(tables.ticket_notes).toEqual([expect.objectContaining({ body: 'Checked the panel' })])
    expect(tables.saved_replies).toEqual([expect.objectContaining({ title: 'Restart' })])
    expect(tables.message_templates).toEqual([
      expect.objectContaining({ body: 'Hello {firstName}' }),
    ])
    expect(tables.outbox_messages).toEqual([expect.objectContaining({ kind: 'trial_login' })])
    expect(tables.message_preferences).toEqual([
      expect.objectContaining({ remindersStoppedAt: '2026-11-20T10:00:00.000Z' }),
    ])
    expect(tables.telegram_bindings).toEqual([expect.objectContaining({ status: 'unbound' })])
    expect(tables.m3u_lines).toEqual([expect.objectContaining({ username: 'sl7k2m9qxa' })])
    expect(tables.trial_autostarts).toEqual([expect.objectContaining({ status: 'waiting' })])
  })

  it('holds every payment with its references and refunds', () => {
    const { tables } = backup
    expect(tables.payments).toEqual([
      expect.objectContaining({ reference: 'Till 4', amountMinor: 2999, status: 'paid' }),
    ])
    expect(tables.payment_refunds).toEqual([
      expect.objectContaining({ amountMinor: 500, reason: 'Goodwill' }),
    ])
    for (const table of ['payment_events', 'discount_redemptions', 'receipt_numbers']) {
      expect(backup.tables).toHaveProperty(table)
    }
  })

  it("holds none of a person's live credentials: start and unsubscribe tokens, line passwords", () => {
    expect(backup.version).toBe(3)
    for (const value of Object.values(live)) expect(backupText).not.toContain(value)
    const [line] = backup.tables.m3u_lines!
    expect(Object.keys(line!)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/password/i)]),
    )
    // The playlist keeps the panel's address, with its password cut out.
    expect(line!.m3uUrl).toBe('https://panel.example/get.php?username=sl7k2m9qxa&password=')
  })

  it('pages through every reminder once, in key order', () => {
    const periodEnds = backup.tables.message_reminders!.map((row) => row.periodEnd)
    expect(periodEnds).toHaveLength(reminderCount)
    expect(new Set(periodEnds).size).toBe(reminderCount)
    expect(periodEnds.at(-1)).toBe(
      new Date(Date.UTC(2026, 0, 1) + (reminderCount - 1) * 86_400_000).toISOString(),
    )
  })

  it('leaves out recovery codes, sessions and what the server works out again', () => {
    for (const table of [
      'admin_sessions',
      'admin_recovery_codes',
      'rate_limits',
      'revenue_months',
      'supplier_state',
      'telegram_updates',
    ]) {
      expect(backup.tables).not.toHaveProperty(table)
    }
  })
})
