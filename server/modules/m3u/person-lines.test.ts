import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { withNewEntries } from '../../test/audit-trail'
import { postgresOnly } from '../../test/test-server'
import { panelLine, panelSeconds, useSupplierServer } from '../../test/supplier-server'

const hour = 60 * 60 * 1000

describe.each(postgresOnly)("a person's line on %s", (kind) => {
  const t = useSupplierServer(kind, { LOG_LEVEL: 'info' })
  const lineOf = (id: string) => `/api/trial-requests/${id}/line`
  const creates = (username: string) =>
    t.supplier.calls.filter(
      (call) => call.action === 'create_line' && call.form.get('username') === username,
    )

  it('makes a trial line for a trial; asked again, answers it and buys nothing', async () => {
    const person = await t.newPerson()
    const made = await t.admin.post(lineOf(person.id), {})
    expect(made.status).toBe(201)
    const username = `sl${person.subscriptionId.slice(4).toLowerCase()}`
    expect(made.body).toEqual({
      id: expect.any(String),
      username,
      password: expect.stringMatching(/^[0-9A-Za-z]{16}$/),
      m3uUrl: `${t.supplier.origin}/get.php?username=${username}&password=${made.body.password}&type=m3u_plus&output=ts`,
      expiresAt: new Date(person.createdAt.getTime() + 24 * hour).toISOString(),
      status: 'active',
      isTrial: true,
      // "Starter" is no plan here: the Business Settings' default screens.
      maxConnections: 2,
      supplierLineId: expect.any(String),
      isSynced: true,
      panelError: null,
      // The panel's word: the line as it made it (in whole seconds).
      panel: {
        expiresAt: new Date(Number(panelSeconds(made.body.expiresAt)) * 1000).toISOString(),
        isEnabled: true,
        isTrial: true,
        maxConnections: 2,
        seenAt: t.now.toISOString(),
      },
    })
    expect(panelLine(t.supplier, username)).toMatchObject({
      id: made.body.supplierLineId,
      password: made.body.password,
      is_trial: '1',
      enabled: '1',
      exp_date: panelSeconds(made.body.expiresAt),
      bouquet: '[3,5]',
      max_connections: '2',
    })
    expect((await t.admin.get(lineOf(person.id))).body).toEqual(made.body)
    // The person's view carries it too (the support inbox shows it beside a chat).
    expect((await t.admin.get(`/api/people/${person.id}`)).body.line).toEqual(made.body)

    const again = await t.admin.post(lineOf(person.id))
    expect(again.status).toBe(200)
    expect(again.body).toEqual(made.body)
    expect(creates(username)).toHaveLength(1)
  })

  it('makes a paid line ending with an active subscription', async () => {
    const person = await t.newPerson()
    const converted = await t.admin.post(
      `/api/trial-requests/${person.id}/convert-to-subscription`,
      {
        paidPlan: 'Family',
        subscriptionMonths: 3,
        subscriptionPrice: '41.99',
      },
    )
    const made = await t.admin.post(lineOf(person.id), {})
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      isTrial: false,
      expiresAt: converted.body.subscriptionEndDate,
    })
    expect(panelLine(t.supplier, made.body.username)).toMatchObject({
      is_trial: '0',
      exp_date: panelSeconds(converted.body.subscriptionEndDate),
    })
  })

  it('buys one line when two requests for one person arrive together', async () => {
    const person = await t.newPerson()
    const answers = await Promise.all([
      t.admin.post(lineOf(person.id), {}),
      t.admin.post(lineOf(person.id), {}),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201])
    expect(answers[0]!.body).toEqual(answers[1]!.body)
    expect(creates(answers[0]!.body.username)).toHaveLength(1)
  })

  it('keeps a failed order, and its retry sends the same one', async () => {
    const person = await t.newPerson()
    t.supplier.setMode('server-error', ['create_line'])
    const failed = await t.admin.post(lineOf(person.id), {})
    expect(failed.status).toBe(502)
    expect((await t.admin.get(lineOf(person.id))).status).toBe(404)

    t.supplier.setMode('ok')
    const made = await t.admin.post(lineOf(person.id), {})
    expect(made.status).toBe(201)
    const sent = creates(made.body.username)
    expect(sent).toHaveLength(2)
    expect(sent.map((call) => call.form.get('password'))).toEqual([
      made.body.password,
      made.body.password,
    ])
    expect(t.supplier.lines.filter((line) => line.username === made.body.username)).toHaveLength(1)
  })

  it('finds the line a lost answer made instead of buying another', async () => {
    const person = await t.newPerson()
    t.supplier.setMode('lose-answer', ['create_line'])
    const made = await t.admin.post(lineOf(person.id), {})
    expect(made.status).toBe(201)
    expect(t.supplier.lines.filter((line) => line.username === made.body.username)).toHaveLength(1)
  })

  it("answers the panel's words when it refuses, and 404 while there is no line", async () => {
    const person = await t.newPerson()
    const converted = await t.admin.post(
      `/api/trial-requests/${person.id}/convert-to-subscription`,
      {
        paidPlan: 'Starter',
        subscriptionMonths: 12,
        subscriptionPrice: '79.99',
      },
    )
    expect(converted.status).toBe(200)
    t.supplier.setCredits(0)
    const refused = await t.admin.post(lineOf(person.id), {})
    t.supplier.setCredits(100)
    expect(refused.status).toBe(502)
    expect(refused.body).toEqual({ message: 'Not enough credits.' })
    expect((await t.admin.get(lineOf(person.id))).status).toBe(404)
  })

  it('refuses a line to someone whose trial has ended', async () => {
    const person = await t.newPerson({ createdAt: new Date(t.now.getTime() - 25 * hour) })
    const refused = await t.admin.post(lineOf(person.id), {})
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'This trial has ended: convert it to a subscription before making a line.',
    )
  })

  it('refuses a line without a package ID, linking to the setting, and buys nothing', async () => {
    const settings = { packageId: '3, 5', gracePeriodDays: 0, creditAlertThreshold: 10 }
    expect(
      (await t.admin.put('/api/settings/supplier', { ...settings, packageId: '' })).status,
    ).toBe(200)
    try {
      const person = await t.newPerson()
      const callsBefore = t.supplier.calls.length
      const refused = await t.admin.post(lineOf(person.id), {})
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({
        message: 'Set the package ID for new lines in Business Settings first.',
        settingsPath: '/admin/settings#supplier-package',
      })
      expect(t.supplier.calls.length).toBe(callsBefore)
      expect((await t.admin.get(lineOf(person.id))).status).toBe(404)
    } finally {
      await t.admin.put('/api/settings/supplier', settings)
    }
  })

  it('records the purchase in the trail and the ledger, never logging the password', async () => {
    const person = await t.newPerson()
    const { result: made, entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.post(lineOf(person.id), {}),
    )
    expect(
      entries.map(({ action, entityId, actorUsername }) => ({ action, entityId, actorUsername })),
    ).toEqual([{ action: 'm3u_line.create', entityId: made.body.id, actorUsername: 'owner' }])
    const history = await t.admin.get(`/api/m3u-lines/${made.body.id}/history`)
    expect(history.body.map((call: { action: string }) => call.action)).toContain('create_line')
    expect(JSON.stringify(history.body)).not.toContain(made.body.password)
    expect(t.logs.length).toBeGreaterThan(0)
    expect(t.logs.join('\n')).not.toContain(made.body.password)
  })

  it('is for admins only', async () => {
    const person = await t.newPerson()
    const stranger = createClient(t.server.baseUrl)
    expect((await stranger.get(lineOf(person.id))).status).toBe(401)
    expect((await stranger.post(lineOf(person.id), {})).status).toBe(401)
  })
})

describe.each(postgresOnly)('a line without a server key on %s', (kind) => {
  const t = useSupplierServer(kind, { SUPPLIER_API_KEY: '' })

  it('uses the key typed for the call, and asks for one when none is typed', async () => {
    const person = await t.newPerson()
    const missing = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(missing.status).toBe(400)
    expect(missing.body.issues).toEqual([{ path: 'apiKey', message: expect.any(String) }])
    const made = await t.admin.post(`/api/trial-requests/${person.id}/line`, {
      apiKey: t.supplier.apiKey,
    })
    expect(made.status).toBe(201)
  })
})
