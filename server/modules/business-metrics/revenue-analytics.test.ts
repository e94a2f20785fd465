import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(databaseKinds)('GET /api/revenue-analytics on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let clock = new Date('2026-09-15T12:00:00Z')

  const convert = async (paidPlan: string, price: string, at: string) => {
    clock = new Date(at)
    // Months pass between conversions: a fresh session each time.
    await admin.login(owner.username, owner.password)
    const request = await insertTrialRequest(server.app.db)
    const response = await admin.post(`/api/trial-requests/${request.id}/convert-to-subscription`, {
      paidPlan,
      subscriptionMonths: 1,
      subscriptionPrice: price,
    })
    expect(response.status).toBe(200)
    return request.id
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('is all zeros with no subscriptions', async () => {
    const { body } = await admin.get('/api/revenue-analytics')
    expect(body).toEqual({
      totalRevenue: '0.00',
      totalActiveSubscriptions: 0,
      revenueByPlan: { Starter: '0.00', Family: '0.00', Household: '0.00' },
      monthlyRevenue: [],
    })
  })

  it('sums exactly to the cent, by plan family and start month, with growth', async () => {
    // September has a gap before it; November is empty; December follows an empty month.
    await convert('Starter', '0.10', '2026-09-01T00:00:00Z')
    await convert('Starter Plus', '0.20', '2026-09-30T23:59:59Z')
    await convert('Family Annual', '119.99', '2026-10-05T10:00:00Z')
    await convert('Household', '18.99', '2026-10-06T10:00:00Z')
    await convert('Premium', '5.01', '2026-10-07T10:00:00Z')
    await convert('Household Pro', '95.99', '2026-12-01T00:00:00Z')

    const { body } = await admin.get('/api/revenue-analytics')
    expect(body.totalRevenue).toBe('240.28')
    expect(body.totalActiveSubscriptions).toBe(6)
    expect(body.revenueByPlan).toEqual({ Starter: '5.31', Family: '119.99', Household: '114.98' })
    expect(body.monthlyRevenue).toEqual([
      {
        month: '2026-09',
        starter: '0.30',
        family: '0.00',
        household: '0.00',
        total: '0.30',
        growth: null,
      },
      {
        month: '2026-10',
        starter: '5.01',
        family: '119.99',
        household: '18.99',
        total: '143.99',
        growth: '47896.7',
      },
      {
        month: '2026-12',
        starter: '0.00',
        family: '0.00',
        household: '95.99',
        total: '95.99',
        growth: '-33.3',
      },
    ])
  })

  it('loses a deleted subscription’s revenue', async () => {
    const id = await convert('Family', '14.99', '2027-01-10T00:00:00Z')
    const before = (await admin.get('/api/revenue-analytics')).body
    expect(before.totalRevenue).toBe('255.27')
    expect((await admin.delete(`/api/trial-requests/${id}/subscription`)).status).toBe(200)
    const after = (await admin.get('/api/revenue-analytics')).body
    expect(after.totalRevenue).toBe('240.28')
    expect(after.monthlyRevenue.map((m: any) => m.month)).not.toContain('2027-01')
  })

  it('is for admins only', async () => {
    expect((await createClient(server.baseUrl).get('/api/revenue-analytics')).status).toBe(401)
  })
})
