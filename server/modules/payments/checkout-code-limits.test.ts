import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trialRequests } from '../../db/schema/trial-requests'
import { insertDiscount, redemptionStatus } from '../../test/discount-fixtures'
import { startFakeBtcpay, type FakeBtcpay } from '../../test/fake-btcpay'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { useMailServer } from '../../test/mail-server'
import { insertPlan, paymentEnv, paymentRow } from '../../test/payment-fixtures'
import { databaseKinds } from '../../test/test-server'

let stripe: FakeStripe
let btcpay: FakeBtcpay
beforeAll(async () => {
  ;[stripe, btcpay] = await Promise.all([startFakeStripe(), startFakeBtcpay()])
})
afterAll(() => Promise.all([stripe.close(), btcpay.close()]))

const minute = 60_000

describe.each(databaseKinds)('a discount code’s limits through every path (%s)', (kind) => {
  const t = useMailServer(kind, () => paymentEnv({ stripe, btcpay }))
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
    btcpay.state.webhookUrl = `${t.server.baseUrl}/api/payments/btcpay/webhook`
  })
  const db = () => t.server.app.db

  type Checkout = {
    provider: 'stripe' | 'btcpay'
    code: string | null
    months?: number
    planId?: string
  }
  /** A checkout for this person, made now by the app's clock, as an admin's pay link. */
  async function checkout(personId: string, { provider, code, months, planId }: Checkout) {
    const answer = await t.admin.post(`/api/trial-requests/${personId}/checkout`, {
      planId: planId ?? (await insertPlan(db())).id,
      months,
      provider,
      discountCode: code,
    })
    const row = answer.status === 201 ? await paymentRow(db(), answer.body.paymentId) : undefined
    return {
      answer,
      paymentId: row?.id as string,
      checkoutId: row?.providerCheckoutId as string,
      planId: row?.planId as string,
    }
  }
  const statusOf = async (paymentId: string) => (await paymentRow(db(), paymentId))!.status
  const usage = async (id: string) => {
    const listed: { id: string; usedCount: number; reservedCount: number }[] = (
      await t.admin.get('/api/discounts')
    ).body
    const found = listed.find((discount) => discount.id === id)!
    return { used: found.usedCount, reserved: found.reservedCount }
  }
  const endOf = async (personId: string) => {
    const [row] = await db().select().from(trialRequests).where(eq(trialRequests.id, personId))
    return row!.subscriptionEndDate
  }

  it('honours one of two BTCPay invoices of a once-per-person code, the one paid late waits for review', async () => {
    const discount = await insertDiscount(db(), { oncePerPerson: true })
    const person = await t.newPerson()
    const first = await checkout(person.id, { provider: 'btcpay', code: discount.code })
    expect(first.answer.status).toBe(201)
    expect(await btcpay.expire(first.checkoutId)).toBe(200)
    expect(await statusOf(first.paymentId)).toBe('expired')

    const second = await checkout(person.id, { provider: 'btcpay', code: discount.code })
    expect(second.answer.status).toBe(201)
    expect(await btcpay.pay(second.checkoutId)).toBe(200)
    expect(await statusOf(second.paymentId)).toBe('paid')
    const paidUntil = await endOf(person.id)

    // The first invoice is paid after it expired: BTCPay settles it as paid late.
    expect(await btcpay.payLate(first.checkoutId)).toBe(200)
    expect(await paymentRow(db(), first.paymentId)).toMatchObject({
      status: 'needs_review',
      statusReason:
        'it arrived after its checkout had expired, and this person has used the discount code (once per person) since, so nothing was extended',
      receiptNumber: null,
    })
    expect(await endOf(person.id)).toEqual(paidUntil)
    expect(await redemptionStatus(db(), first.paymentId)).toBe('released')
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 0 })
  })

  it('sends a late payment to review when the last use of the code went to someone else', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const [late, other] = [await t.newPerson(), await t.newPerson()]
    const expired = await checkout(late.id, { provider: 'btcpay', code: discount.code })
    await btcpay.expire(expired.checkoutId)
    const taken = await checkout(other.id, { provider: 'stripe', code: discount.code })
    expect(taken.answer.status).toBe(201)
    expect(await stripe.pay(taken.checkoutId)).toBe(200)

    expect(await btcpay.payLate(expired.checkoutId)).toBe(200)
    expect(await paymentRow(db(), expired.paymentId)).toMatchObject({
      status: 'needs_review',
      statusReason:
        'it arrived after its checkout had expired, and the discount code has been used up by others since, so nothing was extended',
    })
    expect((await endOf(late.id))?.getTime() ?? null).toBe(
      late.subscriptionEndDate?.getTime() ?? null,
    )
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 0 })
  })

  it('honours a late payment whose use nobody took meanwhile', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const person = await t.newPerson()
    const { paymentId, checkoutId } = await checkout(person.id, {
      provider: 'btcpay',
      code: discount.code,
    })
    await btcpay.expire(checkoutId)
    expect(await redemptionStatus(db(), paymentId)).toBe('released')
    await btcpay.payLate(checkoutId)
    expect(await statusOf(paymentId)).toBe('paid')
    expect(await redemptionStatus(db(), paymentId)).toBe('redeemed')
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 0 })
  })

  it('gives a BTCPay invoice of a limited code 30 minutes, and one without a limit an hour', async () => {
    const limited = await insertDiscount(db(), { oncePerPerson: true })
    const unlimited = await insertDiscount(db())
    for (const [code, minutes] of [
      [limited.code, 30],
      [unlimited.code, 60],
    ] as const) {
      const person = await t.newPerson()
      const { paymentId } = await checkout(person.id, { provider: 'btcpay', code })
      const call = btcpay.state.calls.findLast(
        (c) => (c.body as { metadata?: { orderId?: string } }).metadata?.orderId === paymentId,
      )!
      expect((call.body as { checkout: object }).checkout).toMatchObject({
        expirationMinutes: minutes,
      })
    }
  })

  it('replaces a person’s open checkout with the same code, closing it at its provider', async () => {
    const discount = await insertDiscount(db(), { oncePerPerson: true })
    const person = await t.newPerson()
    const first = await checkout(person.id, { provider: 'btcpay', code: discount.code, months: 3 })
    expect(first.answer.status).toBe(201)

    const second = await checkout(person.id, { provider: 'stripe', code: discount.code, months: 6 })
    expect(second.answer.status).toBe(201)
    expect(await paymentRow(db(), first.paymentId)).toMatchObject({
      status: 'expired',
      statusReason: 'Replaced by a newer checkout with the same discount code',
    })
    expect(await redemptionStatus(db(), first.paymentId)).toBe('released')
    expect(btcpay.invoice(first.checkoutId)).toMatchObject({ status: 'Invalid' })
    expect(await btcpay.closedByApiDelivered()).not.toContain(500)
    const page = await fetch(first.answer.body.checkoutUrl, { method: 'POST', redirect: 'manual' })
    expect(page.status).toBe(410)
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 1 })

    // The same checkout asked again is the same payment, not a replacement.
    const samePlan = { provider: 'stripe', code: discount.code, planId: second.planId } as const
    const third = await checkout(person.id, samePlan)
    expect(await statusOf(second.paymentId)).toBe('expired')
    const again = await checkout(person.id, samePlan)
    expect(again.paymentId).toBe(third.paymentId)
    expect(again.answer.body.checkoutUrl).toBe(third.answer.body.checkoutUrl)

    await stripe.pay(again.checkoutId)
    expect(await statusOf(again.paymentId)).toBe('paid')
    const once = await checkout(person.id, { provider: 'stripe', code: discount.code })
    expect(once.answer.status).toBe(400)
    expect(once.answer.body.message).toBe('discountCode: you have already used this code')
  })

  it('counts a once-per-person code by mailbox: a +tag, capitals or Gmail dots are the same person', async () => {
    const discount = await insertDiscount(db(), { oncePerPerson: true })
    const buyer = await t.newPerson({ email: 'Ann.Lee+tv@corp.example' })
    const paid = await checkout(buyer.id, { provider: 'stripe', code: discount.code })
    await stripe.pay(paid.checkoutId)
    expect(await statusOf(paid.paymentId)).toBe('paid')
    for (const email of ['ann.lee+again@corp.example', 'ANN.LEE@CORP.EXAMPLE']) {
      const sameMailbox = await t.newPerson({ email })
      const refused = await checkout(sameMailbox.id, { provider: 'stripe', code: discount.code })
      expect(refused.answer.status, email).toBe(400)
      expect(refused.answer.body.message).toBe('discountCode: you have already used this code')
    }
    // A colleague at the same company is another person.
    const colleague = await t.newPerson({ email: 'annlee@corp.example' })
    expect(
      (await checkout(colleague.id, { provider: 'stripe', code: discount.code })).answer.status,
    ).toBe(201)

    const gmail = await insertDiscount(db(), { oncePerPerson: true })
    const holder = await t.newPerson({ email: 'john.smith@gmail.com' })
    expect(
      (await checkout(holder.id, { provider: 'stripe', code: gmail.code })).answer.status,
    ).toBe(201)
    const twin = await t.newPerson({ email: 'JohnSmith+promo@googlemail.com' })
    const held = await checkout(twin.id, { provider: 'stripe', code: gmail.code })
    expect(held.answer.status).toBe(400)
    expect(held.answer.body.message).toBe('discountCode: you have already used this code')
  })

  // Last: Stripe's signed webhooks are too old for the app's clock after this.
  it('holds a limited code for 30 minutes, then Expire now closes the checkout at Stripe', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const [walker, buyer] = [await t.newPerson(), await t.newPerson()]
    const opened = t.now.getTime()
    const held = await checkout(walker.id, { provider: 'stripe', code: discount.code })
    expect(held.answer.status).toBe(201)
    expect((await paymentRow(db(), held.paymentId))!.expiresAt!.getTime()).toBe(
      opened + 30 * minute,
    )
    // Stripe takes 30 minutes at the soonest: the session lives a minute longer there.
    const created = stripe.state.calls.findLast((call) => call.idempotencyKey === held.paymentId)!
    expect(Number(created.params.expires_at)).toBe(Math.floor((opened + 31 * minute) / 1000))

    t.advance(29 * minute)
    const refused = await checkout(buyer.id, { provider: 'stripe', code: discount.code })
    expect(refused.answer.status).toBe(400)
    expect(refused.answer.body.message).toBe('discountCode: this code has been used up')

    // Past its half hour the walked-away checkout holds nothing, even before anything closed it.
    t.advance(1 * minute)
    const bought = await checkout(buyer.id, { provider: 'stripe', code: discount.code })
    expect(bought.answer.status).toBe(201)
    expect(stripe.session(held.checkoutId).status).toBe('open')
    // The admin's list counts what counts for the limit.
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 1 })

    const answer = await t.admin.post('/api/maintenance/expire-now')
    expect(answer.status).toBe(200)
    // With the checkouts earlier tests left open, all past their time now.
    expect(answer.body.paymentsClosed).toBeGreaterThanOrEqual(1)
    expect(stripe.session(held.checkoutId).status).toBe('expired')
    expect(stripe.session(bought.checkoutId).status).toBe('open')
    expect(await statusOf(held.paymentId)).toBe('expired')
    expect(await redemptionStatus(db(), held.paymentId)).toBe('released')
    // Nobody can pay it now.
    const page = await fetch(held.answer.body.checkoutUrl, { method: 'POST', redirect: 'manual' })
    expect(page.status).toBe(410)
    await stripe.closedByApiDelivered()
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 1 })
  })
})
