import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { postgresOnly, owner } from '../../test/test-server'

const platform = { trialDurationHours: 24, maxConcurrentStreams: 2 }
const hour = 60 * 60_000
const day = 24 * hour

/** Users & Contacts in the morning: what happened to each request, and who ends soon. */
describe.each(postgresOnly)('the morning view on %s', (kind) => {
  const t = useMailServer(kind)
  const setAutopilot = (autoStartTrials: boolean) =>
    t.admin.put('/api/settings/platform', { ...platform, autoStartTrials })

  async function requestTrial(email: string, plan = 'Starter') {
    const answer = await createClient(t.server.baseUrl).post('/api/trial-requests', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      plan,
      clientRequestId: randomUUID(),
    })
    expect(answer.status).toBe(201)
    return answer.body
  }
  const listed = async (query = '') =>
    (await t.admin.get(`/api/trial-requests?limit=200${query}`)).body as any[]
  const emailsOf = (rows: any[]) => rows.map((row) => row.email)

  it('tells the visitor whether the login is on its way, and how long the trial runs', async () => {
    await setAutopilot(true)
    const trusted = await requestTrial('receipt.on@example.com')
    expect(trusted).toMatchObject({
      isLoginOnItsWay: true,
      trialHours: 24,
    })
    const untrusted = await requestTrial('receipt.held@mailinator.com')
    expect(untrusted.isLoginOnItsWay).toBe(false)
    await setAutopilot(false)
    expect((await requestTrial('receipt.off@example.com')).isLoginOnItsWay).toBe(false)
    // A visitor who will choose later says so.
    expect((await requestTrial('later@example.com', 'Not sure yet')).outcome).toBe('received')
  })

  it('shows what happened to each request, and filters by it', async () => {
    await setAutopilot(true)
    const sent = await requestTrial('auto.sent@example.com')
    const held = await requestTrial('held@mailinator.com')
    await t.flush()
    await setAutopilot(false)
    const untouched = await requestTrial('untouched@example.com')

    const rows = await listed()
    const byId = (id: string) => rows.find((row) => row.id === id)
    expect(byId(sent.id).outcome).toMatchObject({ kind: 'auto_sent', at: expect.any(String) })
    expect(byId(held.id).outcome).toMatchObject({
      kind: 'waiting',
      reason: expect.stringMatching(/^Waiting for an admin: trust score \d+ below 60$/),
    })
    expect(byId(untouched.id).outcome).toBeNull()
    expect(byId(sent.id).endsAt).toBe(
      new Date(Date.parse(byId(sent.id).createdAt) + day).toISOString(),
    )

    expect(emailsOf(await listed('&outcome=auto_sent'))).toContain('auto.sent@example.com')
    expect(emailsOf(await listed('&outcome=auto_sent'))).not.toContain('held@mailinator.com')
    const waiting = emailsOf(await listed('&outcome=waiting'))
    expect(waiting).toContain('held@mailinator.com')
    expect(waiting).not.toContain('untouched@example.com')
    // The card's figure and the list it opens agree.
    const stats = (await t.admin.get('/api/trial-requests/autopilot-stats')).body
    expect(waiting).toHaveLength(stats.waiting)
    expect(emailsOf(await listed('&outcome=waiting&q=held@mailinator.com'))).toEqual([
      'held@mailinator.com',
    ])
  })

  it('lists trials and subscriptions ending within N days', async () => {
    const trial = await requestTrial('ends.tomorrow@example.com')
    const paid = await requestTrial('paid.month@example.com')
    const converted = await t.admin.post(`/api/trial-requests/${paid.id}/convert-to-subscription`, {
      paidPlan: 'Starter',
      subscriptionMonths: 1,
      subscriptionPrice: '9.99',
    })
    expect(converted.status).toBe(200)

    const inADay = emailsOf(await listed('&endsWithinDays=1'))
    expect(inADay).toContain('ends.tomorrow@example.com')
    expect(inADay).not.toContain('paid.month@example.com')
    const inAMonth = emailsOf(await listed('&endsWithinDays=31'))
    expect(inAMonth).toEqual(
      expect.arrayContaining(['ends.tomorrow@example.com', 'paid.month@example.com']),
    )
    expect(emailsOf(await listed('&endsWithinDays=31&status=active'))).toContain(
      'paid.month@example.com',
    )
    // A trial already over is not "ending soon".
    t.advance(day + hour)
    await t.admin.login(owner.username, owner.password)
    expect(emailsOf(await listed('&endsWithinDays=1'))).not.toContain('ends.tomorrow@example.com')
    expect(trial.id).toBeTruthy()
  })

  it.each(['0', '366', '1.5', 'soon'])(
    'refuses endsWithinDays=%s, naming the field',
    async (value) => {
      const answer = await t.admin.get(`/api/trial-requests?endsWithinDays=${value}`)
      expect(answer.status).toBe(400)
      expect(answer.body.issues).toEqual([
        { path: 'endsWithinDays', message: 'endsWithinDays must be a whole number from 1 to 365' },
      ])
    },
  )

  it('offers only existing plans as a trial plan', async () => {
    const person = await requestTrial('plan.change@example.com')
    await t.admin.post('/api/plans', { name: 'Family', price: 14.99 })
    const premium = await t.admin.put(`/api/trial-requests/${person.id}`, { plan: 'Premium' })
    expect(premium.status).toBe(400)
    expect(premium.body.issues).toEqual([
      { path: 'plan', message: 'Plan must be one of the plans' },
    ])
    const family = await t.admin.put(`/api/trial-requests/${person.id}`, { plan: 'family' })
    expect(family.body).toMatchObject({ plan: 'Family' })
  })
})
