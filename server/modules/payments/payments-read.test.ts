import { beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../../../common/payments'
import { insertPayment } from '../../test/payment-fixtures'
import { pathSpellings } from '../../test/path-spellings'
import { rawRequest } from '../../test/raw-request'
import { walkRoutes } from '../../test/route-walk'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const at = (iso: string) => new Date(iso)

describe.each(postgresOnly)('payments read API on %s', (kind) => {
  const t = useAdminServer(kind)
  let ada: { id: string }
  let stripePaid: { id: string }
  const allIds: string[] = []

  beforeAll(async () => {
    const db = t.server.app.db
    ada = await insertTrialRequest(db, { firstName: 'Ada', lastName: 'Lovelace' })
    const bob = await insertTrialRequest(db, { firstName: 'Bob', lastName: 'Stone' })
    stripePaid = await insertPayment(db, {
      trialRequestId: ada.id,
      provider: 'stripe',
      method: null,
      amountMinor: 2699,
      listAmountMinor: 2999,
      discountMinor: 300,
      discountCode: 'SPRING10',
      providerCheckoutId: 'cs_test_a1',
      providerPaymentId: 'pi_test_a1',
      receiptNumber: 7,
      createdAt: at('2026-03-10T09:00:00Z'),
      paidAt: at('2026-03-10T09:01:00Z'),
      previousEnd: at('2026-03-12T00:00:00Z'),
      newEnd: at('2026-06-12T00:00:00Z'),
    })
    allIds.push(stripePaid.id)
    const rows = [
      { trialRequestId: ada.id, status: 'pending', provider: 'btcpay', method: null },
      { trialRequestId: bob.id, reference: 'TRX-99', method: 'bank_transfer' },
      { trialRequestId: bob.id, status: 'refunded', refundedMinor: 2999 },
    ] as const
    for (const [index, fields] of rows.entries()) {
      const row = await insertPayment(db, {
        ...fields,
        createdAt: at(`2026-03-${String(11 + index).padStart(2, '0')}T12:00:00Z`),
      })
      allIds.push(row.id)
    }
    // Three payments at the same instant: the id breaks the tie, so pages neither skip nor repeat.
    for (let index = 0; index < 3; index += 1) {
      const row = await insertPayment(db, { createdAt: at('2026-04-01T00:00:00Z') })
      allIds.push(row.id)
    }
  })

  const list = async (query = '') => {
    const response = await t.admin.get<Payment[]>(`/api/payments${query}`)
    expect(response.status).toBe(200)
    return response
  }

  it('answers a payment with its amounts in money, its person and provider ids', async () => {
    const response = await t.admin.get<Payment>(`/api/payments/${stripePaid.id}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      id: stripePaid.id,
      personId: ada.id,
      personName: 'Ada Lovelace',
      planName: 'Premium',
      amount: '26.99',
      listAmount: '29.99',
      discountAmount: '3.00',
      discountCode: 'SPRING10',
      refundedAmount: '0.00',
      currency: 'USD',
      provider: 'stripe',
      method: null,
      providerCheckoutId: 'cs_test_a1',
      providerPaymentId: 'pi_test_a1',
      status: 'paid',
      receiptNumber: 7,
      createdAt: '2026-03-10T09:00:00.000Z',
      paidAt: '2026-03-10T09:01:00.000Z',
      newEnd: '2026-06-12T00:00:00.000Z',
    })
  })

  it('answers 404 for an unknown payment and 400 naming id for a malformed one', async () => {
    const unknown = await t.admin.get('/api/payments/6f1d0c3e-2f1b-4d7a-9a55-0d1f6b1e9a10')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'Payment not found' })
    const malformed = await t.admin.get('/api/payments/42')
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues).toEqual([{ path: 'id', message: 'id must be a valid UUID' }])
  })

  it('lists newest first and pages with the cursor, every payment once', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const response = await list(query)
      seen.push(...response.body.map((payment) => payment.id))
      cursor = response.headers.get('x-next-cursor')
      pages += 1
    } while (cursor)
    expect(pages).toBe(4)
    expect(seen).toHaveLength(allIds.length)
    expect(new Set(seen).size).toBe(allIds.length)
    // The three at one instant first (ids descending), then March from the 13th back to the 10th.
    expect(seen.slice(3)).toEqual(allIds.slice(0, 4).reverse())
    expect(seen.slice(0, 3)).toEqual([...allIds.slice(4)].sort().reverse())
  })

  it('filters by status, provider, person and creation date', async () => {
    const ids = async (query: string) => (await list(query)).body.map((payment) => payment.id)
    expect(await ids('?status=refunded')).toEqual([allIds[3]])
    expect(await ids('?provider=stripe')).toEqual([stripePaid.id])
    expect(await ids(`?personId=${ada.id}`)).toEqual([allIds[1], stripePaid.id])
    // A date as `to` includes its whole day; a date as `from` starts at its midnight, UTC.
    expect(await ids('?from=2026-03-11&to=2026-03-12')).toEqual([allIds[2], allIds[1]])
    expect(await ids('?to=2026-03-10T09:00:00Z')).toEqual([])
    expect(await ids('?from=2026-03-10T09:00:00%2B00:00&to=2026-03-10')).toEqual([stripePaid.id])
    expect(await ids(`?provider=manual&personId=${ada.id}`)).toEqual([])
  })

  it.each([
    ['?status=settled', 'status', 'status must be one of pending, paid, failed, expired'],
    ['?provider=paypal', 'provider', 'provider must be stripe, btcpay or manual'],
    ['?from=yesterday', 'from', 'from must be a date (YYYY-MM-DD) or a timestamp'],
    ['?personId=7', 'personId', 'personId must be a valid UUID'],
    ['?from=2026-03-12&to=2026-03-11', 'to', 'to must be after from'],
  ])('refuses %s with 400 naming %s', async (query, path, message) => {
    for (const url of [`/api/payments${query}`, `/api/payments/export.csv${query}`]) {
      const response = await t.admin.get(url)
      expect(response.status, url).toBe(400)
      expect(response.body.issues).toEqual([{ path, message: expect.stringContaining(message) }])
    }
  })

  it('refuses a page size past 200 and a cursor it did not write', async () => {
    const tooMany = await t.admin.get('/api/payments?limit=500')
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.issues).toEqual([
      { path: 'limit', message: 'limit must be between 1 and 200' },
    ])
    const forged = await t.admin.get('/api/payments?cursor=not-a-cursor')
    expect(forged.status).toBe(400)
    expect(forged.body.message).toBe('cursor is not valid')
  })

  it('is for admins only: anonymous callers get 401 however the path is spelled', async () => {
    const routes = walkRoutes(t.server.app).filter((route) =>
      ['/api/payments', '/api/payments/export.csv', '/api/payments/:id'].includes(route.url),
    )
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/payments',
        'GET /api/payments/export.csv',
        'GET /api/payments/:id',
      ]),
    )
    for (const route of routes) {
      expect(route.isPublic).toBe(false)
      const path = route.url.replace(':id', stripePaid.id)
      for (const spelling of pathSpellings(path)) {
        const answer = await rawRequest(t.server.baseUrl, route.method, spelling)
        expect(answer.status, `${route.method} ${spelling}`).toBeGreaterThanOrEqual(400)
        expect(answer.status, `${route.method} ${spelling}`).toBeLessThan(500)
        expect(answer.text).not.toContain('Lovelace')
        expect(answer.text).not.toContain('cs_test_a1')
      }
      expect((await rawRequest(t.server.baseUrl, route.method, path)).status).toBe(401)
    }
  })
})
