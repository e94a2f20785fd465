import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { trialRequests } from '../../db/schema/trial-requests'
import { signedInCustomer } from '../../test/customer-fixtures'
import { useMailServer } from '../../test/mail-server'
import { insertPlan } from '../../test/payment-fixtures'
import { postgresOnly } from '../../test/test-server'

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' })

// Issue 44, item 6: a refund e-mails the customer once, "Refund of {amount} for receipt {N}",
// with the new end when it shortened the subscription; their page shows the amount and date.
describe.each(postgresOnly)('the customer hears of a refund on %s', (kind) => {
  const t = useMailServer(kind)
  const db = () => t.server.app.db

  async function paidInCash() {
    const plan = await insertPlan(db(), { name: 'Family Plus', price: '29.97' })
    const person = await t.newPerson({ email: `refund-${randomUUID()}@example.com` })
    const paid = await t.admin.post(`/api/trial-requests/${person.id}/payments`, {
      planId: plan.id,
      months: 3,
      method: 'cash',
    })
    expect(paid.status).toBe(201)
    return { person, payment: paid.body as { id: string; receiptNumber: number } }
  }
  const refundsTo = async (email: string) =>
    (await t.messagesTo(email)).filter((row) => row.kind === 'payment_refund')

  it('sends one e-mail per refund, retried or not, with the shortened end', async () => {
    const { person, payment } = await paidInCash()
    const body = {
      amount: '9.99',
      reason: 'Picture froze all week',
      shortenSubscription: true,
      requestId: randomUUID(),
    }
    const first = await t.admin.post(`/api/payments/${payment.id}/refund`, body)
    expect(first.status).toBe(200)
    // A retried submission (a lost answer) is the same refund: no second e-mail.
    const retried = await t.admin.post(`/api/payments/${payment.id}/refund`, body)
    expect(retried.status).toBe(200)
    expect(await refundsTo(person.email)).toHaveLength(1)

    const [shortened] = await db()
      .select({ end: trialRequests.subscriptionEndDate })
      .from(trialRequests)
      .where(eq(trialRequests.id, person.id))
    const mails = (await t.flush()).filter((mail) => mail.subject?.startsWith('Refund'))
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Refund of 9.99 EUR for receipt ${payment.receiptNumber}`,
    ])
    expect(mails[0]!.text).toContain(
      `We have refunded 9.99 EUR of your payment for Family Plus, receipt ${payment.receiptNumber}.`,
    )
    expect(mails[0]!.text).toContain(
      `Your subscription now runs until ${longDate.format(shortened!.end!)}.`,
    )

    // The rest, without shortening: its own e-mail, with no end to tell.
    const rest = await t.admin.post(`/api/payments/${payment.id}/refund`, { reason: 'Goodwill' })
    expect(rest.status).toBe(200)
    const restMails = (await t.flush()).filter((mail) => mail.subject?.startsWith('Refund'))
    expect(restMails.map((mail) => mail.subject)).toEqual([
      `Refund of 19.98 EUR for receipt ${payment.receiptNumber}`,
    ])
    expect(restMails[0]!.text).not.toContain('now runs until')
    expect(await refundsTo(person.email)).toHaveLength(2)

    // Their own page shows what went back, and when.
    const customer = await signedInCustomer(t.server, person, t.now)
    const account = await customer.get('/api/account')
    expect(account.body.payments).toEqual([
      expect.objectContaining({
        id: payment.id,
        status: 'refunded',
        refundedAmount: '29.97',
        refundedAt: t.now.toISOString(),
      }),
    ])
    const receipt = await customer.get(`/api/account/payments/${payment.id}/receipt`)
    expect(receipt.body).toMatchObject({
      refundedAmount: '29.97',
      refundedAt: t.now.toISOString(),
    })
  })
})
