import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { databaseKinds, useAdminServer } from '../../test/test-server'

describe.each(databaseKinds)('discounts API on %s', (kind) => {
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
  ])('refuses %o', async (change, path, message) => {
    const response = await t.admin.post('/api/discounts', {
      name: 'Bad',
      validFrom: '2026-01-01',
      ...change,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path, message }])
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
