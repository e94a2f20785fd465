import { describe, expect, it } from 'vitest'
import { HttpError } from '../../lib/http-error'
import { insertDiscount } from '../../test/discount-fixtures'
import { insertPayment } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { quoteDiscount, type DiscountQuoteRequest } from './discount-quote.service'
import { reserveRedemption } from './discount-reserve.service'

const now = new Date('2026-06-15T12:00:00Z')
const starter = { name: 'Starter' }

describe.each(postgresOnly)('quoting a discount code on %s', (kind) => {
  const t = useAdminServer(kind)
  const db = () => t.server.app.db

  const quote = async (request: Partial<DiscountQuoteRequest> & { code: string }) => {
    const person = await insertTrialRequest(db())
    return quoteDiscount(db(), {
      plan: starter,
      personId: person.id,
      listAmountMinor: 2999,
      now,
      ...request,
    })
  }

  /** The 400 a refused code answers: its message and the field it names. */
  const refusal = async (request: Parameters<typeof quote>[0]) => {
    const error = await quote(request).then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(HttpError)
    const { statusCode, message, issues } = error as HttpError
    expect(statusCode).toBe(400)
    expect(issues).toEqual([{ path: 'discountCode', message }])
    return message
  }

  it('finds a code whatever its case and prices it to the cent', async () => {
    const discount = await insertDiscount(db(), { code: 'SAVE15', percentage: '15.00' })
    expect(await quote({ code: ' save15 ', listAmountMinor: 2997 })).toEqual({
      discountId: discount.id,
      code: 'SAVE15',
      discountMinor: 450,
      isLimited: false,
    })
  })

  it('takes a fixed amount off down to zero, never below', async () => {
    await insertDiscount(db(), { code: 'FIFTY', percentage: null, amount: '50.00' })
    expect((await quote({ code: 'FIFTY', listAmountMinor: 2999 })).discountMinor).toBe(2999)
  })

  it.each([
    ['unknown', 'NO-SUCH-CODE', {}, 'discountCode: this code is not valid'],
    ['switched off', 'PAUSED', { active: false }, 'discountCode: this code is not valid'],
    [
      'not started',
      'LATER',
      { validFrom: new Date('2026-07-01T00:00:00Z') },
      'discountCode: this code is not valid yet',
    ],
    [
      'past its last day',
      'OLD',
      { validFrom: new Date('2026-01-01Z'), validTo: new Date('2026-06-14T00:00:00Z') },
      'discountCode: this code has expired',
    ],
    [
      'for other plans',
      'FAMILY-ONLY',
      { applicablePlans: ['Family', 'Premium'] },
      'discountCode: this code is not for this plan',
    ],
  ])('refuses a code %s', async (_reason, code, fields, message) => {
    if (code !== 'NO-SUCH-CODE') await insertDiscount(db(), { code, ...fields })
    expect(await refusal({ code })).toBe(message)
  })

  it('accepts a code on its last day and on a plan it names', async () => {
    await insertDiscount(db(), {
      code: 'LAST-DAY',
      validTo: new Date('2026-06-15T00:00:00Z'),
      applicablePlans: ['Family', 'Starter'],
    })
    expect((await quote({ code: 'last-day' })).discountMinor).toBe(300)
  })

  it('refuses a code whose uses are all taken, reserved ones included', async () => {
    const discount = await insertDiscount(db(), { code: 'ONCE-ONLY', maxRedemptions: 1 })
    const first = await insertTrialRequest(db())
    const payment = await insertPayment(db(), { trialRequestId: first.id })
    await reserveRedemption(db(), {
      discountId: discount.id,
      personId: first.id,
      paymentId: payment.id,
      now,
    })
    expect(await refusal({ code: 'ONCE-ONLY' })).toBe('discountCode: this code has been used up')
  })

  it('refuses a once-per-person code to a person who has used it, not to others', async () => {
    const discount = await insertDiscount(db(), { code: 'WELCOME', oncePerPerson: true })
    const person = await insertTrialRequest(db())
    const payment = await insertPayment(db(), { trialRequestId: person.id })
    await reserveRedemption(db(), {
      discountId: discount.id,
      personId: person.id,
      paymentId: payment.id,
      now,
    })
    expect(await refusal({ code: 'WELCOME', personId: person.id })).toBe(
      'discountCode: you have already used this code',
    )
    expect((await quote({ code: 'WELCOME' })).discountId).toBe(discount.id)
  })
})
