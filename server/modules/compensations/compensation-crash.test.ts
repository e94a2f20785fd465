import { setTimeout as sleep } from 'node:timers/promises'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../db/client'
import { compensationItems } from '../../db/schema/compensations'
import { m3uLines } from '../../db/schema/m3u-lines'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { freePort } from '../../test/free-port'
import { createClient } from '../../test/http-client'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../../test/server-process'
import { createPostgresDatabase, owner } from '../../test/test-server'
import { personKeys } from '../trial-requests/trial-identity'

const lineCount = 2_000
const days = 3
const dayMs = 24 * 60 * 60 * 1000

// A compensation over 2,000 lines whose server process is killed (SIGKILL) twice while it works,
// each time started again on the same database: every line ends extended exactly once. PostgreSQL
// only: processes of their own on one database.
describe('compensation days when the process dies twice on the way', () => {
  let supplier: FakeSupplier
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let reader: Database
  const running: { server: ServerProcess; url: string }[] = []
  const db = () => reader.db

  async function startServer() {
    const port = await freePort()
    const server = startServerProcess({
      PORT: String(port),
      DATABASE_URL: database.url,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      SUPPLIER_API_URL: supplier.apiUrl,
      SUPPLIER_API_KEY: supplier.apiKey,
      // The pace is tested elsewhere at 5 a second; 2,000 lines at it would take 20 minutes.
      SUPPLIER_REQUESTS_PER_SECOND: '1000',
    })
    const url = `http://127.0.0.1:${port}`
    running.push({ server, url })
    await waitForHealth(url, server)
    return { server, url }
  }

  /** 2,000 paying customers, each with their line on the panel as we hold it; panel id → end. */
  async function seedCustomers(now: Date) {
    // Whole seconds, as the panel keeps an expiry.
    const end = new Date(Math.floor((now.getTime() + 20 * dayMs) / 1000) * 1000)
    const people = Array.from({ length: lineCount }, (_, i) => {
      const email = `customer${i}@example.com`
      const keys = personKeys({ email })
      return {
        firstName: `First${i}`,
        lastName: `Last${i}`,
        name: `First${i} Last${i}`,
        email,
        plan: 'Family',
        subscriptionId: `SUB-${String(i).padStart(8, '0')}`,
        emailKey: keys.email,
        telegramKey: keys.telegram,
        whatsappKey: keys.whatsapp,
        subscriptionStatus: 'active' as const,
        paidPlan: 'Family',
        subscriptionPrice: '29.99',
        subscriptionStartDate: new Date(now.getTime() - 10 * dayMs),
        subscriptionEndDate: end,
      }
    })
    const usernames = people.map((person) => `sl${person.subscriptionId.slice(4).toLowerCase()}`)
    const panelIds = supplier.seedPaidLines(
      usernames.map((username) => ({ username, expiresAt: end })),
    )
    for (let start = 0; start < lineCount; start += 500) {
      const rows = await db()
        .insert(trialRequests)
        .values(people.slice(start, start + 500))
        .returning({ id: trialRequests.id })
      await db()
        .insert(m3uLines)
        .values(
          rows.map(({ id }, offset) => {
            const username = usernames[start + offset]!
            const password = `Pw${username}`
            return {
              trialRequestId: id,
              supplierId: panelIds[start + offset]!,
              username,
              password,
              m3uUrl: `${supplier.origin}/get.php?username=${username}`,
              status: 'active',
              subscriptionType: 1,
              packageId: '3',
              expiresAt: end,
              isTrial: false,
              isEnabled: true,
              maxConnections: 1,
              panelExpiresAt: end,
              panelIsEnabled: true,
              panelIsTrial: false,
              panelPassword: password,
              panelMaxConnections: 1,
            }
          }),
        )
    }
    return { panelIds, end }
  }

  const doneCount = async () =>
    (
      await db()
        .select({ count: count() })
        .from(compensationItems)
        .where(eq(compensationItems.state, 'done'))
    )[0]!.count

  const states = async () =>
    db()
      .select({ state: compensationItems.state, count: count() })
      .from(compensationItems)
      .groupBy(compensationItems.state)

  async function until(check: () => Promise<boolean>, ms: number) {
    const deadline = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > deadline) {
        const output = running.map(({ server }) => server.output().slice(-2000)).join('\n---\n')
        throw new Error(`The condition never held: ${JSON.stringify(await states())}\n${output}`)
      }
      await sleep(100)
    }
  }

  async function killAndRestart(server: ServerProcess) {
    server.child.kill('SIGKILL')
    await server.exited
    return startServer()
  }

  beforeAll(async () => {
    supplier = await startFakeSupplier({ credits: 1_000_000 })
    database = await createPostgresDatabase()
    reader = await openDatabase({ kind: 'postgres', url: database.url })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(running.map(({ server }) => stopServerProcess(server)))
    await reader?.close()
    await database?.drop()
    await supplier?.close()
  })

  it('extends every line once', async () => {
    const first = await startServer()
    const now = new Date()
    const { panelIds, end } = await seedCustomers(now)
    const admin = createClient(first.url)
    await admin.login(owner.username, owner.password)
    const started = await admin.post('/api/lines/compensations', {
      days,
      activeAt: new Date(now.getTime() - dayMs).toISOString(),
      note: 'Supplier outage',
      notify: true,
    })
    expect(started.status).toBe(202)

    await until(async () => (await doneCount()) >= 400, 120_000)
    const second = await killAndRestart(first.server)
    await until(async () => (await doneCount()) >= 1_200, 300_000)
    const doneAtSecondKill = await doneCount()
    expect(doneAtSecondKill).toBeLessThan(lineCount)
    await killAndRestart(second.server)
    await until(async () => (await doneCount()) === lineCount, 400_000)

    const progress = await createClient(running.at(-1)!.url)
    await progress.login(owner.username, owner.password)
    await until(
      async () =>
        (await progress.get(`/api/lines/compensations/${started.body.id}`)).body.status ===
        'finished',
      30_000,
    )
    expect((await progress.get(`/api/lines/compensations/${started.body.id}`)).body).toMatchObject({
      total: lineCount,
      done: lineCount,
      failed: 0,
      skipped: 0,
    })
    const wanted = String(Math.floor((end.getTime() + days * dayMs) / 1000))
    const edits = new Map<string, number>()
    for (const call of supplier.calls) {
      if (call.action !== 'edit_line') continue
      const id = call.form.get('id')!
      edits.set(id, (edits.get(id) ?? 0) + 1)
    }
    const lines = new Map(supplier.lines.map((line) => [line.id, line]))
    const wrong = panelIds.filter((id) => lines.get(id)?.exp_date !== wanted || edits.get(id) !== 1)
    expect(wrong).toEqual([])
    const [renewals] = await db()
      .select({ count: count() })
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.compensationId, started.body.id))
    expect(renewals!.count).toBe(lineCount)
    const ends = await db().select({ end: trialRequests.subscriptionEndDate }).from(trialRequests)
    expect(new Set(ends.map((row) => row.end!.getTime()))).toEqual(
      new Set([end.getTime() + days * dayMs]),
    )
  }, 900_000)
})
