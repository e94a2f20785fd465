import { beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { useMailServer } from '../test/mail-server'
import { insertPendingPayment, insertPlan } from '../test/payment-fixtures'
import { seedAdmin } from '../test/seed-admin'
import { openAdminSocket, type TestSocket } from '../test/socket-client'
import { postgresOnly } from '../test/test-server'
import { settlePayment } from '../modules/payments/settle-payment'
import { systemPaymentContext } from '../modules/payments/payment-context'
import { routeAccess } from './route-access'

// Figures and words found nowhere but in this person's money: any of them in a support agent's
// answer or socket frame is a leak.
const stripeAmount = '47.13'
const cashPrice = '38.61'
const refundAmount = '12.34'
const refundReason = 'Picture froze all week'
const moneyWords = [stripeAmount, cashPrice, refundAmount, refundReason, 'Stripe', 'stripe', 'cash']

const leaksIn = (text: string) => moneyWords.filter((word) => text.includes(word))

describe.each(postgresOnly)('a support agent reads no money (%s)', (kind) => {
  const t = useMailServer(kind)
  const agent = { username: 'money.support', password: 'money-support-password-1' }
  let support: ReturnType<typeof createClient>
  let supportSocket: TestSocket
  let adminSocket: TestSocket
  let personId: string
  let ticketId: string
  const email = 'mona.money@example.com'

  /** A new ticket's notification reaches every staff socket after what came before it. */
  async function socketsCaughtUp(subject: string) {
    const opened = await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Mona Money',
      customerEmail: email,
      subject,
      description: 'My screen is black',
    })
    expect(opened.status).toBe(201)
    const isTicket = (frame: { type: string; data?: unknown }) =>
      frame.type === 'notification:new' && JSON.stringify(frame.data).includes(subject)
    await Promise.all([supportSocket.waitFor(isTicket), adminSocket.waitFor(isTicket)])
    return opened.body.id as string
  }

  beforeAll(async () => {
    const { app, baseUrl } = t.server
    await seedAdmin(app.db, { ...agent, role: 'support' })
    support = createClient(baseUrl)
    await support.login(agent.username, agent.password)
    supportSocket = await openAdminSocket(baseUrl, support.cookie)
    adminSocket = await openAdminSocket(baseUrl, t.admin.cookie)

    // The receipt's subject names the amount, as an admin may make it.
    const template = (await t.admin.get('/api/messages/templates')).body.find(
      (each: { kind: string }) => each.kind === 'payment_receipt',
    )
    const receiptWords = { subject: 'Receipt {receiptNumber}: {amount}', body: template.body }
    expect(
      (await t.admin.put('/api/messages/templates/payment_receipt', receiptWords)).status,
    ).toBe(200)

    const person = await t.newPerson({ firstName: 'Mona', lastName: 'Money', email })
    personId = person.id
    // Paid by the customer with Stripe, then in cash, then part of it given back.
    const checkout = await insertPendingPayment(app.db, {
      trialRequestId: personId,
      amountMinor: 4713,
      listAmountMinor: 4713,
    })
    await settlePayment(systemPaymentContext(app), checkout.id, {
      amountMinor: 4713,
      currency: 'eur',
      providerPaymentId: 'pi_money_walk',
      via: 'stripe',
    })
    // A paying customer renews their own plan.
    const plan = await insertPlan(app.db, { name: 'Family Plus', price: cashPrice })
    const cash = await t.admin.post(`/api/trial-requests/${personId}/payments`, {
      planId: plan.id,
      months: 3,
      method: 'cash',
    })
    expect(cash.status, JSON.stringify(cash.body)).toBe(201)
    const refund = { amount: refundAmount, reason: refundReason }
    expect((await t.admin.post(`/api/payments/${cash.body.id}/refund`, refund)).status).toBe(200)
    // Renders and sends the receipts, so their subjects are written.
    const receipts = (await t.flush()).filter((mail) => mail.subject?.startsWith('Receipt'))
    expect(receipts.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(stripeAmount)]),
    )
    ticketId = await socketsCaughtUp('Black screen')
  }, 60_000)

  /** Every GET a support agent may call that answers per caller, with this person's ids in it. */
  function supportReads(): string[] {
    const paths = t.server.app.routeList
      .filter(({ method, route }) => method === 'GET' && routeAccess(route.config) === 'support')
      .map(({ route }) =>
        route.url
          .replace(/^\/api\/support-tickets\/:id/, `/api/support-tickets/${ticketId}`)
          .replace(':id', personId),
      )
    return [
      ...paths,
      `/api/trial-requests?q=${encodeURIComponent(email)}`,
      `/api/trial-requests/search?q=Mona`,
      '/api/notifications?role=admin',
    ]
  }

  it('is answered without prices, amounts, refunds or providers on every route it may call', async () => {
    const problems: string[] = []
    let seen = ''
    for (const path of supportReads()) {
      const answer = await support.get(path)
      const text = JSON.stringify(answer.body)
      if (answer.status !== 200) problems.push(`${path} → ${answer.status} ${text.slice(0, 80)}`)
      for (const word of leaksIn(text)) problems.push(`${path} tells "${word}"`)
      seen += text
    }
    expect(problems).toEqual([])
    // The walk read the person, their timeline and their receipts: there was money to hide.
    expect(seen).toContain('Mona Money')
    expect(seen).toContain('trial_request.refund_payment')
    expect(seen).toContain('"kind":"payment_receipt"')
  })

  it('is told of no money on its socket, while an admin is', async () => {
    await socketsCaughtUp('Still black')
    expect(supportSocket.frames.flatMap((frame) => leaksIn(JSON.stringify(frame)))).toEqual([])
    expect(leaksIn(JSON.stringify(adminSocket.frames))).toContain(stripeAmount)
  })

  it('still gives an admin the money on the same routes', async () => {
    const view = await t.admin.get(`/api/people/${personId}`)
    const messages = await t.admin.get(`/api/messages/people/${personId}`)
    const list = await t.admin.get(`/api/trial-requests?q=${encodeURIComponent(email)}`)
    const text = JSON.stringify([view.body, messages.body, list.body])
    for (const word of [stripeAmount, refundAmount, refundReason, 'stripe', 'cash']) {
      expect(text).toContain(word)
    }
  })

  it('lists a receipt for support by its kind and time, without its subject, and resends it', async () => {
    const messages = (await support.get(`/api/messages/people/${personId}`)).body as {
      id: string
      kind: string
      subject: string | null
      status: string
    }[]
    const receipt = messages.find((message) => message.kind === 'payment_receipt')!
    expect(receipt).toMatchObject({ subject: null, status: 'sent' })
    const resent = await support.post(`/api/messages/${receipt.id}/resend`)
    expect(resent.status).toBe(201)
    expect(resent.body).toMatchObject({ kind: 'payment_receipt', subject: null })
  })
})
