import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(postgresOnly)('extending a subscription on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let clock = new Date('2027-01-31T10:00:00Z')

  /** Moves the clock, signing in again: months pass between the steps. */
  const at = async (iso: string) => {
    clock = new Date(iso)
    await admin.login(owner.username, owner.password)
  }
  const extend = (id: string, body: object) =>
    admin.post(`/api/trial-requests/${id}/subscription/extend`, body)
  const subscriber = async (price = '41.99') => {
    const person = await insertTrialRequest(server.app.db, { createdAt: clock })
    const converted = await admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
      paidPlan: 'Family Plus',
      subscriptionMonths: 1,
      subscriptionPrice: price,
    })
    expect(converted.status).toBe(200)
    return person.id
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('adds calendar months to the end while it is ahead, else to today', async () => {
    await at('2027-01-31T10:00:00Z')
    const id = await subscriber()
    await at('2027-02-10T09:00:00Z')
    const early = await extend(id, { months: 1, price: '14.99' })
    expect(early.status).toBe(200)
    // 31 January + 1 month is the end of February; a month more is 28 March.
    expect(early.body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndDate: '2027-03-28T10:00:00.000Z',
    })

    await at('2027-05-15T12:00:00Z')
    await admin.post('/api/maintenance/expire-now')
    const late = await extend(id, { months: 2, price: 29.98 })
    expect(late.body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEndDate: '2027-07-15T12:00:00.000Z',
    })
  })

  it('counts each renewal as revenue of the month it was paid, gone with the subscription', async () => {
    const before = (await admin.get('/api/revenue-analytics')).body
    await at('2027-09-05T10:00:00Z')
    const id = await subscriber('41.99')
    await at('2027-10-03T10:00:00Z')
    expect((await extend(id, { months: 1, price: '14.99' })).status).toBe(200)

    const after = (await admin.get('/api/revenue-analytics')).body
    const month = (name: string) =>
      after.monthlyRevenue.find((m: { month: string }) => m.month === name)
    expect(month('2027-09')).toMatchObject({ family: '41.99', total: '41.99' })
    expect(month('2027-10')).toMatchObject({ family: '14.99', total: '14.99' })
    const cents = (text: string) => Math.round(Number(text) * 100)
    expect(cents(after.totalRevenue) - cents(before.totalRevenue)).toBe(5698)

    expect((await admin.delete(`/api/trial-requests/${id}/subscription`)).status).toBe(200)
    const reverted = (await admin.get('/api/revenue-analytics')).body
    expect(reverted.totalRevenue).toBe(before.totalRevenue)
    expect(reverted.monthlyRevenue.map((m: { month: string }) => m.month)).not.toContain('2027-10')
  })

  it('extends once for a retried submission, and records it in the trail', async () => {
    await at('2027-11-01T08:00:00Z')
    const id = await subscriber()
    const requestId = randomUUID()
    const first = await withNewEntries(server.app.db, () =>
      extend(id, { months: 1, price: '9.99', requestId }),
    )
    const again = await withNewEntries(server.app.db, () =>
      extend(id, { months: 1, price: '9.99', requestId }),
    )
    expect(again.result.body.subscriptionEndDate).toBe(first.result.body.subscriptionEndDate)
    expect(first.entries.map((entry) => [entry.action, entry.entityId, entry.details])).toEqual([
      ['trial_request.extend', id, { fields: ['months', 'price', 'requestId'] }],
    ])
    expect(again.entries.map((entry) => entry.details)).toEqual([{ outcome: 'replayed' }])
  })

  it.each([
    [
      { months: 0, price: '9.99' },
      'months',
      'Invalid subscription duration. Please enter 1-12 months.',
    ],
    [
      { months: 13, price: '9.99' },
      'months',
      'Invalid subscription duration. Please enter 1-12 months.',
    ],
    [{ months: 1, price: '0' }, 'price', 'Invalid price. Please enter a valid amount.'],
    [{ months: 1, price: '9.999' }, 'price', 'Invalid price. Please enter a valid amount.'],
  ])('refuses %o with the spec message', async (body, path, message) => {
    const id = await subscriber()
    const refused = await extend(id, body)
    expect(refused.status).toBe(400)
    expect(refused.body.issues).toEqual([{ path, message }])
  })

  it('extends only a paid subscription, and only for admins', async () => {
    const trial = await insertTrialRequest(server.app.db, { createdAt: clock })
    const refused = await extend(trial.id, { months: 1, price: '9.99' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Only a paid subscription can be extended: convert the trial first.',
    )
    expect((await extend(randomUUID(), { months: 1, price: '9.99' })).status).toBe(404)
    const stranger = createClient(server.baseUrl)
    expect(
      (await stranger.post(`/api/trial-requests/${trial.id}/subscription/extend`, {})).status,
    ).toBe(401)
  })
})
