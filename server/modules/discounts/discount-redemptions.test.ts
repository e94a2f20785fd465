import { eq, sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows, type Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { HttpError } from '../../lib/http-error'
import { insertDiscount, redemptionStatus } from '../../test/discount-fixtures'
import { insertPayment } from '../../test/payment-fixtures'
import { databaseKinds, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { applyDiscountCode, type ApplyDiscountRequest } from './discount-apply.service'
import { confirmRedemption, releaseRedemption } from './discount-redemption-status.service'

const now = new Date('2026-06-15T12:00:00Z')

describe.each(databaseKinds)('redeeming discount codes on %s', (kind) => {
  const t = useAdminServer(kind)
  const db = () => t.server.app.db

  /** A checkout's transaction: the payment at the discounted price, with its code reserved. */
  const checkout = (
    request: Pick<ApplyDiscountRequest, 'code' | 'personId'>,
    beforeInsert: (tx: Db) => Promise<void> = async () => {},
  ) =>
    db().transaction((tx) =>
      applyDiscountCode(
        tx,
        { plan: { name: 'Starter' }, listAmountMinor: 2999, now, ...request },
        async (price) => {
          await beforeInsert(tx)
          return insertPayment(tx, { ...price, trialRequestId: request.personId })
        },
      ),
    )

  const count = async (query: SQL) => {
    const [row] = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count ${query}`,
    )
    return row!.count
  }
  const redemptionsOf = (discountId: string) =>
    count(sql`from discount_redemptions where discount_id = ${discountId}`)

  const refusalOf = (error: unknown) => {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).statusCode).toBe(400)
    return (error as HttpError).message
  }

  it('records the payment at the discounted price with its code reserved', async () => {
    const discount = await insertDiscount(db(), { code: 'FIFTY', percentage: null, amount: '50' })
    const person = await insertTrialRequest(db())
    const payment = await checkout({ code: 'fifty', personId: person.id })
    expect(payment).toMatchObject({
      listAmountMinor: 2999,
      discountMinor: 2999,
      amountMinor: 0,
      discountId: discount.id,
      discountCode: 'FIFTY',
    })
    expect(await redemptionStatus(db(), payment.id)).toBe('reserved')
  })

  it('records a payment without a code at the list price, reserving nothing', async () => {
    const person = await insertTrialRequest(db())
    const payment = await checkout({ code: null, personId: person.id })
    expect(payment).toMatchObject({ amountMinor: 2999, discountMinor: 0, discountId: null })
    expect(await redemptionStatus(db(), payment.id)).toBeUndefined()
  })

  it('leaves no payment behind when the code is refused', async () => {
    await insertDiscount(db(), { code: 'GONE', validTo: new Date('2026-05-31Z') })
    const person = await insertTrialRequest(db())
    const error = await checkout({ code: 'GONE', personId: person.id }).catch((e: unknown) => e)
    expect(refusalOf(error)).toBe('discountCode: this code has expired')
    expect(await count(sql`from payments where trial_request_id = ${person.id}`)).toBe(0)
  })

  it.each([
    ['the last use of a code', { maxRedemptions: 1 }, 'people', 'this code has been used up'],
    [
      'a once-per-person code',
      { oncePerPerson: true },
      'one person',
      'you have already used this code',
    ],
    [
      'a once-per-person code to one mailbox under several +tags',
      { oncePerPerson: true },
      'one mailbox',
      'you have already used this code',
    ],
  ] as const)(
    'gives %s to exactly one of several checkouts at once',
    async (_case, limits, who, reason) => {
      const discount = await insertDiscount(db(), limits)
      const buyers = 6
      const mailbox = `racer${discount.id.slice(0, 8)}`
      const people = await Promise.all(
        Array.from({ length: who === 'one person' ? 1 : buyers }, (_, index) =>
          insertTrialRequest(
            db(),
            who === 'one mailbox' ? { email: `${mailbox}+${index}@corp.example` } : {},
          ),
        ),
      )
      // On PostgreSQL every checkout holds its own connection and waits here until all of them
      // have priced the code as free to use, so they truly race for the reservation. PGlite runs
      // one transaction at a time, so there they only follow one another.
      const connections = new Set<number>()
      let arrived = 0
      let allArrived = () => {}
      const everyoneQuoted = new Promise<void>((resolve) => (allArrived = resolve))
      const meetOthers = async (tx: Db) => {
        if (kind !== 'postgres') return
        const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)
        connections.add(backend!.pid)
        if (++arrived === buyers) allArrived()
        await everyoneQuoted
      }
      const results = await Promise.allSettled(
        Array.from({ length: buyers }, (_, index) =>
          checkout(
            { code: discount.code, personId: people[index % people.length]!.id },
            meetOthers,
          ),
        ),
      )
      if (kind === 'postgres') expect(connections.size).toBe(buyers)
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(refusalOf(result.reason)).toBe(`discountCode: ${reason}`)
        }
      }
      expect(await redemptionsOf(discount.id)).toBe(1)
    },
  )

  it('frees the use of a checkout that expired for the next customer', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const [first, second] = [await insertTrialRequest(db()), await insertTrialRequest(db())]
    const expired = await checkout({ code: discount.code, personId: first.id })
    const refused = await checkout({ code: discount.code, personId: second.id }).catch(
      (e: unknown) => e,
    )
    expect(refusalOf(refused)).toBe('discountCode: this code has been used up')

    expect(await releaseRedemption(db(), expired.id, now)).toBe('released')
    expect(await releaseRedemption(db(), expired.id, now)).toBe('released')
    const paid = await checkout({ code: discount.code, personId: second.id })
    expect(await redemptionStatus(db(), paid.id)).toBe('reserved')
  })

  it('stops counting a reserved use once its checkout has expired, before anything closes it', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 1 })
    const [first, second] = [await insertTrialRequest(db()), await insertTrialRequest(db())]
    const held = await checkout({ code: discount.code, personId: first.id })
    await db()
      .update(payments)
      .set({ expiresAt: new Date(now.getTime() + 60_000) })
      .where(eq(payments.id, held.id))
    const refused = await checkout({ code: discount.code, personId: second.id }).catch(
      (e: unknown) => e,
    )
    expect(refusalOf(refused)).toBe('discountCode: this code has been used up')

    await db().update(payments).set({ expiresAt: now }).where(eq(payments.id, held.id))
    const taken = await checkout({ code: discount.code, personId: second.id })
    expect(await redemptionStatus(db(), taken.id)).toBe('reserved')
    expect(await redemptionStatus(db(), held.id)).toBe('reserved')
  })

  it('redeems once however often the payment settles, and never releases it then', async () => {
    const discount = await insertDiscount(db(), { maxRedemptions: 5 })
    const person = await insertTrialRequest(db())
    const payment = await checkout({ code: discount.code, personId: person.id })
    expect(await confirmRedemption(db(), payment.id, now)).toBe('redeemed')
    expect(await confirmRedemption(db(), payment.id, now)).toBe('redeemed')
    expect(await releaseRedemption(db(), payment.id, now)).toBe('redeemed')
    expect(await redemptionsOf(discount.id)).toBe(1)
  })

  it('redeems a released use when its payment settles late', async () => {
    const discount = await insertDiscount(db())
    const person = await insertTrialRequest(db())
    const payment = await checkout({ code: discount.code, personId: person.id })
    await releaseRedemption(db(), payment.id, now)
    expect(await confirmRedemption(db(), payment.id, now)).toBe('redeemed')
  })

  it('answers null for a payment without a code', async () => {
    const payment = await insertPayment(db())
    expect(await confirmRedemption(db(), payment.id, now)).toBeNull()
    expect(await releaseRedemption(db(), payment.id, now)).toBeNull()
  })
})
