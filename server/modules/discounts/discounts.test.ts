import { describe, expect, it } from 'vitest'
import { insertPayment } from '../../test/payment-fixtures'
import { createClient } from '../../test/http-client'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { confirmRedemption } from './discount-redemption-status.service'
import { reserveRedemption } from './discount-reserve.service'

const limitMessage = 'Max redemptions must be a whole number from 1 to 1000000'

describe.each(postgresOnly)('discounts API on %s', (kind) => {
  const t = useAdminServer(kind)

  it('creates discounts; empty percentage or amount is stored as null', async () => {
    const response = await t.admin.post('/api/discounts', {
      name: 'Black Friday',
      code: 'bf-2026',
      percentage: '25',
      amount: '',
      validFrom: '2026-11-27',
      validTo: '2026-11-30',
      applicablePlans: ['Starter', 'Family'],
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      code: 'BF-2026',
      percentage: '25.00',
      amount: null,
      validFrom: '2026-11-27T00:00:00.000Z',
      validTo: '2026-11-30T00:00:00.000Z',
      active: true,
      maxRedemptions: null,
      oncePerPerson: false,
      usedCount: 0,
      reservedCount: 0,
    })
    expect((await t.admin.get('/api/discounts')).body.map((d: any) => d.name)).toContain(
      'Black Friday',
    )
  })

  it('lets two discounts go without a code, but never share one', async () => {
    for (const name of ['Loyalty A', 'Loyalty B']) {
      expect(
        (await t.admin.post('/api/discounts', { name, amount: 5, validFrom: '2026-01-01' })).status,
      ).toBe(201)
    }
    const clash = await t.admin.post('/api/discounts', {
      name: 'Copy',
      code: 'BF-2026',
      validFrom: '2026-01-01',
    })
    expect(clash.status).toBe(409)
    expect(clash.body).toEqual({ message: 'A discount with this code already exists' })
  })

  it.each([
    [{ percentage: '100.01' }, 'percentage', 'Percentage must be at most 100'],
    [{ amount: '-5' }, 'amount', 'Amount must be a positive amount like 9.99'],
    [{ validTo: '2025-12-31' }, 'validTo', 'Valid to must not be before valid from'],
    [{ validFrom: 'soon' }, 'validFrom', 'Valid from must be a date'],
    [{ maxRedemptions: 0 }, 'maxRedemptions', limitMessage],
    [{ maxRedemptions: '2.5' }, 'maxRedemptions', limitMessage],
    [{ oncePerPerson: 'yes' }, 'oncePerPerson', 'Once per person must be true or false'],
  ])('refuses %o', async (change, path, message) => {
    const response = await t.admin.post('/api/discounts', {
      name: 'Bad',
      validFrom: '2026-01-01',
      ...change,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path, message }])
  })

  it('limits a code and counts its uses: open checkouts and paid ones', async () => {
    const { body } = await t.admin.post('/api/discounts', {
      name: 'Launch',
      code: 'launch',
      percentage: 20,
      validFrom: '2026-01-01',
      maxRedemptions: '3',
      oncePerPerson: true,
    })
    expect(body).toMatchObject({ maxRedemptions: 3, oncePerPerson: true, usedCount: 0 })
    const db = t.server.app.db
    const now = new Date('2026-02-01T00:00:00Z')
    for (const isPaid of [true, false]) {
      const person = await insertTrialRequest(db)
      const payment = await insertPayment(db, { trialRequestId: person.id })
      await reserveRedemption(db, {
        discountId: body.id,
        personId: person.id,
        paymentId: payment.id,
        now,
      })
      if (isPaid) await confirmRedemption(db, payment.id, now)
    }
    const listed = (await t.admin.get('/api/discounts')).body.find((d: any) => d.id === body.id)
    expect(listed).toMatchObject({ maxRedemptions: 3, usedCount: 2, reservedCount: 1 })

    const unlimited = await t.admin.put(`/api/discounts/${body.id}`, {
      name: 'Launch',
      code: 'LAUNCH',
      percentage: 20,
      validFrom: '2026-01-01',
      maxRedemptions: '',
    })
    expect(unlimited.body).toMatchObject({
      maxRedemptions: null,
      oncePerPerson: false,
      usedCount: 2,
      reservedCount: 1,
    })
  })

  it('updates and deletes, admins only', async () => {
    const { body } = await t.admin.post('/api/discounts', {
      name: 'Spring',
      validFrom: '2026-03-01',
    })
    const updated = await t.admin.put(`/api/discounts/${body.id}`, {
      name: 'Spring',
      validFrom: '2026-03-01',
      active: false,
    })
    expect(updated.body.active).toBe(false)
    expect((await createClient(t.server.baseUrl).get('/api/discounts')).status).toBe(401)
    expect((await t.admin.delete(`/api/discounts/${body.id}`)).status).toBe(204)
  })
})
