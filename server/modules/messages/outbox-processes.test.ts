import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../db/client'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { supportTickets } from '../../db/schema/support-tickets'
import { queueTicketCreated } from './outbox.service'
import { freePort } from '../../test/free-port'
import { createClient } from '../../test/http-client'
import { mailFrom } from '../../test/mail-server'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../../test/server-process'
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink'
import { createPostgresDatabase, owner } from '../../test/test-server'
import { leaseMs, pollMs } from '../../lib/lease'

type Running = { process: ServerProcess; url: string }

describe('the outbox with several server processes on one PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
  let database: Database
  let smtp: SmtpSink
  const running: Running[] = []

  async function startServer(): Promise<Running> {
    const port = await freePort()
    const process = startServerProcess({
      PORT: String(port),
      DATABASE_URL: postgres.url,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      SMTP_URL: smtp.url,
      MAIL_FROM: mailFrom,
    })
    const server = { process, url: `http://127.0.0.1:${port}` }
    running.push(server)
    await waitForHealth(server.url, process)
    return server
  }

  async function expireNow(server: Running) {
    const admin = createClient(server.url)
    await admin.login(owner.username, owner.password)
    return admin.post('/api/maintenance/expire-now')
  }

  /** Tickets written straight to the database, each with its confirmation queued. */
  async function queueTickets(count: number): Promise<string[]> {
    return database.db.transaction(async (tx) => {
      const ids: string[] = []
      for (let index = 0; index < count; index++) {
        const [ticket] = await tx
          .insert(supportTickets)
          .values({
            customerName: `Customer ${index}`,
            customerEmail: `customer${index}@example.com`,
            subject: `Question ${index}`,
            description: 'Hello',
          })
          .returning()
        await queueTicketCreated(tx, ticket!, new Date())
        ids.push(ticket!.id)
      }
      return ids
    })
  }

  const messageOf = async (ticketId: string) =>
    (
      await database.db.select().from(outboxMessages).where(eq(outboxMessages.ticketId, ticketId))
    )[0]!

  beforeAll(async () => {
    postgres = await createPostgresDatabase()
    smtp = await startSmtpSink()
    database = await openDatabase({ kind: 'postgres', url: postgres.url })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(running.map((server) => stopServerProcess(server.process)))
    await database?.close()
    await smtp?.close()
    await postgres?.drop()
  })

  it('sends each message once while two processes flush at the same time', async () => {
    const servers = [await startServer(), await startServer()]
    const ticketIds = await queueTickets(40)
    const answers = await Promise.all([...servers, ...servers].map(expireNow))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const sentByRequests = answers.reduce((sum, answer) => sum + answer.body.messagesSent, 0)
    expect(sentByRequests).toBeLessThanOrEqual(40)

    const mails = await smtp.waitForCount(40)
    for (const ticketId of ticketIds) expect((await messageOf(ticketId)).status).toBe('sent')
    // Every flush that was running has finished once these answer.
    await Promise.all(servers.map(expireNow))
    const ids = smtp.received.map((mail) => mail.messageId)
    expect(smtp.received).toHaveLength(40)
    expect(new Set(ids).size).toBe(40)
    expect(mails.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort()).toEqual(
      ticketIds.map((_, index) => `customer${index}@example.com`).sort(),
    )
    await Promise.all(servers.map((server) => stopServerProcess(server.process)))
  }, 120_000)

  it('takes over the message of a process killed between sending and recording within 15 s, with the same Message-ID', async () => {
    const before = smtp.received.length
    const doomed = await startServer()
    let killedAt = 0
    let whileHeld: { received: number; row: Awaited<ReturnType<typeof messageOf>> } | null = null
    let ticketId = ''
    smtp.behaviours.push({
      kind: 'hold',
      beforeAnswer: async () => {
        // The message has arrived whole and its sender waits for the answer, renewing its lease:
        // a second process polling all along (longer than a lease) must leave it alone.
        await startServer()
        await sleep(leaseMs + 2 * pollMs)
        whileHeld = { received: smtp.received.length, row: await messageOf(ticketId) }
        // Then the sender dies before it hears the answer and records it.
        doomed.process.child.kill('SIGKILL')
        await doomed.process.exited
        killedAt = Date.now()
      },
    })
    ticketId = (await queueTickets(1))[0]!
    // The doomed process's own poll sends it; the survivor's takes it over.
    const [first, second] = await smtp
      .waitForCount(before + 2, 90_000)
      .then((all) => all.slice(before))
    const takenOverMs = Date.now() - killedAt
    expect(whileHeld).toMatchObject({ received: before, row: { status: 'sending', attempts: 1 } })
    expect(takenOverMs).toBeLessThanOrEqual(15_000)
    expect(first!.messageId).toBe(`<${whileHeld!.row.id}@streamline.test>`)
    expect(second!.messageId).toBe(first!.messageId)
    // The sink counts a message before its answer reaches the survivor, which records it after.
    await expect.poll(() => messageOf(ticketId)).toMatchObject({ status: 'sent', attempts: 2 })
  }, 120_000)
})
