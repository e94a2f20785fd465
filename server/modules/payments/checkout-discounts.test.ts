import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertDiscount, redemptionStatus } from '../../test/discount-fixtures'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { insertPlan, laterStripeEnv, paymentRow } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const day = 86_400_000

describe.each(postgresOnly)('discount codes at a Stripe checkout (%s)', (kind) => {
  const t = useAdminServer(kind, {
    env: laterStripeEnv(() => stripe),
  })
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })
  const db = () => t.server.app.db

  async function checkoutWith(
    code: string | null,
    fields: { planId?: string; months?: number } = {},
  ) {
    const planId = fields.planId ?? (await insertPlan(db())).id
    const person = await insertTrialRequest(db())
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId,
      months: fields.months,
      provider: 'stripe',
      discountCode: code,
    })
    return { answer, person, planId }
  }
  const usage = async (id: string) => {
    const discounts: { id: string; usedCount: number; reservedCount: number }[] = (
      await t.admin.get('/api/discounts')
    ).body
    const found = discounts.find((discount) => discount.id === id)!
    return { used: found.usedCount, reserved: found.reservedCount }
  }

  it('charges 10% less at Stripe and records the code on the pending payment', async () => {
    const discount = await insertDiscount(db(), { code: 'TENOFF', percentage: '10.00' })
    const { answer } = await checkoutWith(' tenoff ')
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ amount: '26.99', currency: 'EUR' })
    const call = stripe.state.calls.findLast((c) => c.idempotencyKey === answer.body.paymentId)!
    expect(call.params).toMatchObject({
      line_items: { '0': { price_data: { unit_amount: '2699', currency: 'eur' } } },
    })
    expect(await paymentRow(db(), answer.body.paymentId)).toMatchObject({
      status: 'pending',
      listAmountMinor: 2999,
      discountMinor: 300,
      amountMinor: 2699,
      discountId: discount.id,
      discountCode: 'TENOFF',
    })
    expect(await redemptionStatus(db(), answer.body.paymentId)).toBe('reserved')
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 1 })
  })

  it('keeps the code reserved for the payment while Stripe fails, and the retry reuses both', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const plan = await insertPlan(db())
    const person = await insertTrialRequest(db())
    const path = `/api/trial-requests/${person.id}/checkout`
    const body = { planId: plan.id, provider: 'stripe', discountCode: discount.code }
    stripe.failNext(2, 500)
    const failed = await t.admin.post(path, body)
    expect(failed.status).toBe(502)
    const retried = await t.admin.post(path, body)
    expect(retried.status).toBe(201)
    expect(await redemptionStatus(db(), retried.body.paymentId)).toBe('reserved')
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 1 })
  })

  it('refuses each kind of code with 400 naming discountCode and records nothing', async () => {
    const plan = await insertPlan(db(), { name: 'Solo' })
    const now = Date.now()
    const codeOf = async (fields: Parameters<typeof insertDiscount>[1]) =>
      (await insertDiscount(db(), fields)).code!
    const codes = {
      unknown: 'NO-SUCH-CODE',
      paused: await codeOf({ active: false }),
      early: await codeOf({ validFrom: new Date(now + 10 * day) }),
      expired: await codeOf({ validTo: new Date(now - 10 * day) }),
      otherPlan: await codeOf({ applicablePlans: ['Family'] }),
    }
    const reasons: [string, string][] = [
      [codes.unknown, 'this code is not valid'],
      [codes.paused, 'this code is not valid'],
      [codes.early, 'this code is not valid yet'],
      [codes.expired, 'this code has expired'],
      [codes.otherPlan, 'this code is not for this plan'],
    ]
    for (const [code, reason] of reasons) {
      const { answer, person } = await checkoutWith(code, { planId: plan.id })
      expect(answer.status, code).toBe(400)
      expect(answer.body).toEqual({
        message: `discountCode: ${reason}`,
        issues: [{ path: 'discountCode', message: `discountCode: ${reason}` }],
      })
      const listed = await t.admin.get(`/api/payments?personId=${person.id}`)
      expect(listed.body).toEqual([])
    }

    const once = await insertDiscount(db(), { oncePerPerson: true })
    const first = await checkoutWith(once.code, { planId: plan.id, months: 1 })
    expect(first.answer.status).toBe(201)
    const firstRow = await paymentRow(db(), first.answer.body.paymentId)
    expect(await stripe.pay(firstRow!.providerCheckoutId!)).toBe(200)
    const again = await t.admin.post(`/api/trial-requests/${first.person.id}/checkout`, {
      planId: plan.id,
      months: 2,
      provider: 'stripe',
      discountCode: once.code,
    })
    expect(again.status).toBe(400)
    expect(again.body.issues).toEqual([
      { path: 'discountCode', message: 'discountCode: you have already used this code' },
    ])

    const whole = await insertDiscount(db(), { percentage: '100.00' })
    const free = await checkoutWith(whole.code, { planId: plan.id })
    expect(free.answer.status).toBe(400)
    expect(free.answer.body.issues[0].path).toBe('discountCode')
  })

  it('gives the last use of a code to one of two checkouts at once; the other is told it is used up', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const plan = await insertPlan(db())
    const answers = await Promise.all([
      checkoutWith(discount.code, { planId: plan.id }),
      checkoutWith(discount.code, { planId: plan.id }),
    ])
    const statuses = answers.map(({ answer }) => answer.status).sort()
    expect(statuses).toEqual([201, 400])
    const refused = answers.find(({ answer }) => answer.status === 400)!.answer
    expect(refused.body.message).toBe('discountCode: this code has been used up')
  })

  it('frees the code when the checkout expires, and counts it as redeemed once paid', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const plan = await insertPlan(db())
    const expiring = await checkoutWith(discount.code, { planId: plan.id })
    expect(expiring.answer.status).toBe(201)
    expect((await checkoutWith(discount.code, { planId: plan.id })).answer.status).toBe(400)

    const expiredRow = await paymentRow(db(), expiring.answer.body.paymentId)
    expect(await stripe.expire(expiredRow!.providerCheckoutId!)).toBe(200)
    expect(await redemptionStatus(db(), expiredRow!.id)).toBe('released')
    expect(await usage(discount.id)).toEqual({ used: 0, reserved: 0 })

    const paying = await checkoutWith(discount.code, { planId: plan.id })
    expect(paying.answer.status).toBe(201)
    const paidRow = await paymentRow(db(), paying.answer.body.paymentId)
    expect(await stripe.pay(paidRow!.providerCheckoutId!)).toBe(200)
    expect(await paymentRow(db(), paidRow!.id)).toMatchObject({ status: 'paid', amountMinor: 2699 })
    expect(await redemptionStatus(db(), paidRow!.id)).toBe('redeemed')
    expect(await usage(discount.id)).toEqual({ used: 1, reserved: 0 })
    // A late expiry event changes neither the payment nor its use of the code.
    expect(await stripe.expire(paidRow!.providerCheckoutId!)).toBe(200)
    expect(await redemptionStatus(db(), paidRow!.id)).toBe('redeemed')
  })
})
