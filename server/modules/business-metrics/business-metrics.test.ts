import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { insertPayment } from '../../test/payment-fixtures'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(databaseKinds)('GET /api/metrics/subscriptions on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => new Date('2025-03-10T12:00:00Z') })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    // An annual plan at 120.00 paid on 31 January: 10.00 a month, earned over the year.
    const person = await insertTrialRequest(server.app.db, {
      createdAt: new Date('2025-01-20T09:00:00Z'),
    })
    await insertPayment(server.app.db, {
      trialRequestId: person.id,
      months: 12,
      currency: 'EUR',
      amountMinor: 12000,
      listAmountMinor: 12000,
      paidAt: new Date('2025-01-31T00:00:00Z'),
      periodStart: new Date('2025-01-31T00:00:00Z'),
      newEnd: new Date('2026-01-31T00:00:00Z'),
    })
  })
  afterAll(() => server.close())

  it('answers every month once, oldest first, money to the cent and rates between 0 and 1', async () => {
    const { status, body } = await admin.get('/api/metrics/subscriptions?from=2024-12&to=2025-02')
    expect(status).toBe(200)
    expect(body.timeZone).toBe('UTC')
    // The money came in euros; a plan's default currency is the dollar.
    expect(body.currency).toBe('EUR')
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([
      '2024-12',
      '2025-01',
      '2025-02',
    ])
    expect(body.months[1]).toEqual({
      month: '2025-01',
      mrr: '10.00',
      newMrr: '10.00',
      expansionMrr: '0.00',
      contractionMrr: '0.00',
      churnedMrr: '0.00',
      reactivationMrr: '0.00',
      netNewMrr: '10.00',
      payingCustomers: 1,
      churnedCustomers: 0,
      voluntaryChurnedCustomers: 0,
      involuntaryChurnedCustomers: 0,
      customerChurnRate: null,
      failedRenewals: 0,
      recoveredRenewals: 0,
      cash: '120.00',
      refunds: '0.00',
      // One day of 365 falls in January.
      recognised: '0.33',
      deferred: '119.67',
      trialsStarted: 1,
      trialsConverted: 1,
      trialConversionRate: 1,
    })
    expect(body.months[2]).toMatchObject({
      mrr: '10.00',
      netNewMrr: '0.00',
      customerChurnRate: 0,
      cash: '0.00',
      recognised: '9.20',
      deferred: '110.47',
      trialConversionRate: null,
    })
  })

  it('covers the twelve months up to this one when no range is given', async () => {
    const { body } = await admin.get('/api/metrics/subscriptions')
    expect(body.months).toHaveLength(12)
    expect(body.months[0].month).toBe('2024-04')
    expect(body.months[11].month).toBe('2025-03')
  })

  it('serves the same figures as CSV under the API’s field names', async () => {
    const response = await admin.get('/api/metrics/subscriptions.csv?from=2025-01&to=2025-02')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toContain(
      'subscription-metrics-2025-01-to-2025-02.csv',
    )
    const lines = (response.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'month,mrr,newMrr,expansionMrr,contractionMrr,churnedMrr,reactivationMrr,netNewMrr,payingCustomers,churnedCustomers,voluntaryChurnedCustomers,involuntaryChurnedCustomers,customerChurnRate,failedRenewals,recoveredRenewals,cash,refunds,recognised,deferred,trialsStarted,trialsConverted,trialConversionRate',
    )
    expect(lines[1]).toBe(
      '2025-01,10.00,10.00,0.00,0.00,0.00,0.00,10.00,1,0,0,0,,0,0,120.00,0.00,0.33,119.67,1,1,1',
    )
    expect(lines).toHaveLength(3)
  })

  it.each([
    ['from=2025-13&to=2025-12', 'from'],
    ['from=2025-01&to=2025', 'to'],
    ['from=2025-03&to=2025-01', 'to'],
    ['from=2020-01&to=2025-01', 'to'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    for (const path of ['/api/metrics/subscriptions', '/api/metrics/subscriptions.csv']) {
      const { status, body } = await admin.get(`${path}?${query}`)
      expect(status).toBe(400)
      expect(body.issues.map((issue: { path: string }) => issue.path)).toContain(field)
    }
  })

  it('is for signed-in staff only', async () => {
    const stranger = createClient(server.baseUrl)
    expect((await stranger.get('/api/metrics/subscriptions')).status).toBe(401)
    expect((await stranger.get('/api/metrics/subscriptions.csv')).status).toBe(401)
  })
})
