import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { openDatabase, type Database } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { postWebhook, stripeSignature } from '../../test/fake-provider-http'
import { freePort } from '../../test/free-port'
import { createClient } from '../../test/http-client'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../../test/server-process'
import { panelSeconds } from '../../test/supplier-server'
import { createPostgresDatabase, owner } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

// A server process killed (SIGKILL) after a webhook's settle committed, while its follow-up was
// buying the paying customer's line; then started again. PostgreSQL only: a process of its own.
describe('a paid line when the process dies after the settle commits', () => {
  let stripe: FakeStripe
  let supplier: FakeSupplier
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let reader: Database
  const running: { server: ServerProcess; url: string }[] = []
  const db = () => reader.db

  /** A server process on the test database, once healthy; its URL. */
  async function startServer() {
    const port = await freePort()
    const server = startServerProcess({
      ...paymentEnv({ stripe }),
      PORT: String(port),
      DATABASE_URL: database.url,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      SUPPLIER_API_URL: supplier.apiUrl,
      SUPPLIER_API_KEY: supplier.apiKey,
    })
    const url = `http://127.0.0.1:${port}`
    running.push({ server, url })
    await waitForHealth(url, server)
  }

  beforeAll(async () => {
    ;[stripe, supplier] = await Promise.all([startFakeStripe(), startFakeSupplier()])
    database = await createPostgresDatabase()
    await startServer()
    const { url } = running.at(-1)!
    reader = await openDatabase({ kind: 'postgres', url: database.url })
    const admin = createClient(url)
    await admin.login(owner.username, owner.password)
    const saved = await admin.put('/api/settings/supplier', {
      packageId: '3',
      gracePeriodDays: 0,
      creditAlertThreshold: 10,
    })
    expect(saved.status).toBe(200)
    stripe.state.webhookUrl = null
  }, 120_000)
  afterAll(async () => {
    await reader?.close()
    await Promise.all(running.map(({ server }) => stopServerProcess(server)))
    await database?.drop()
    await Promise.all([stripe?.close(), supplier?.close()])
  })

  /** A trial customer's paid Stripe checkout, its webhook answered by the live process. */
  async function paidWebhook(url: string) {
    const person = await insertTrialRequest(db())
    const plan = await insertPlan(db(), { name: 'Family', price: '29.99', currency: 'EUR' })
    const admin = createClient(url)
    await admin.login(owner.username, owner.password)
    const answer = await admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(answer.status).toBe(201)
    const payment = await paymentRow(db(), answer.body.paymentId)
    await stripe.pay(payment!.providerCheckoutId!)
    const payload = JSON.stringify(stripe.state.events.at(-1))
    const signature = stripeSignature(payload, stripe.webhookSecret, Math.floor(Date.now() / 1000))
    // Answered while the panel still holds the line's create: the answer waits for no panel.
    const status = await postWebhook(`${url}/api/payments/stripe/webhook`, payload, {
      'stripe-signature': signature,
    })
    expect(status).toBe(200)
    const paid = await paymentRow(db(), payment!.id)
    expect(paid).toMatchObject({ status: 'paid' })
    const username = `sl${person.subscriptionId.slice(4).toLowerCase()}`
    return { person, username, end: addCalendarMonths(paid!.paidAt!, 3) }
  }

  const createsOf = (username: string) =>
    supplier.calls.filter(
      (call) => call.action === 'create_line' && call.form.get('username') === username,
    )
  const onPanel = (username: string) => supplier.lines.filter((line) => line.username === username)

  async function until(check: () => boolean | Promise<boolean>, ms: number) {
    const deadline = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('The condition never held')
      await sleep(50)
    }
  }

  /** Waits (up to a minute) until the person's line is recorded made; the row. */
  async function lineMade(personId: string) {
    const row = async () =>
      (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId)))[0]
    await until(async () => (await row())?.supplierId != null, 60_000)
    return (await row())!
  }

  /** Kills the live process mid-create (SIGKILL), then starts another on the same database. */
  async function crashAndRestart(server: ServerProcess) {
    server.child.kill('SIGKILL')
    await server.exited
    return startServer()
  }

  it('buys the line once after a restart when the process died before the panel took it', async () => {
    const { server, url } = running.at(-1)!
    supplier.setMode('hang', ['create_line'])
    const { person, username, end } = await paidWebhook(url)
    await until(() => createsOf(username).length === 1, 10_000)
    const startedAt = Date.now()
    await crashAndRestart(server)
    supplier.setMode('ok')

    const line = await lineMade(person.id)
    expect(Date.now() - startedAt).toBeLessThan(60_000)
    expect(onPanel(username)).toEqual([expect.objectContaining({ exp_date: panelSeconds(end) })])
    expect(line).toMatchObject({ status: 'active', supplierId: onPanel(username)[0]!.id })
  }, 120_000)

  it('adopts the line the panel made for the process that died, buying none', async () => {
    const { server, url } = running.at(-1)!
    const create = supplier.hold('create_line')
    const { person, username } = await paidWebhook(url)
    await create.arrived
    await crashAndRestart(server)
    // The panel acts on the order its sender did not live to hear about.
    create.release()
    await until(() => onPanel(username).length === 1, 10_000)

    const line = await lineMade(person.id)
    expect(createsOf(username)).toHaveLength(1)
    expect(onPanel(username)).toHaveLength(1)
    expect(line).toMatchObject({ status: 'active', supplierId: onPanel(username)[0]!.id })
  }, 120_000)
})
