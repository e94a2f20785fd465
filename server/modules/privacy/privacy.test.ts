import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { panelLinesRound } from '../m3u/panel-rounds'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

describe.each(postgresOnly)("a person's data on request on %s", (kind) => {
  const t = useSupplierServer(kind)
  const exportOf = (id: string) => t.admin.get(`/api/people/${id}/export`)
  const erase = (id: string, confirm: unknown) =>
    t.admin.post(`/api/people/${id}/erase`, { confirm })

  it('exports everything held about the person as a JSON file, their own login included', async () => {
    const person = await t.newPerson({ firstName: 'Oskar', lastName: 'Export', telegram: '@oskar' })
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)
    await t.admin.post(`/api/people/${person.id}/notes`, { body: 'Asked for his data' })
    const ticket = await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Oskar Export',
      customerEmail: person.email.toUpperCase(),
      subject: 'Where is my data',
      description: 'Please send it',
    })
    await t.admin.post('/api/chat-messages', {
      ticketId: ticket.body.id,
      senderType: 'admin',
      message: 'On its way',
    })

    const { status, headers, body } = await exportOf(person.id)
    expect(status).toBe(200)
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="person-${person.subscriptionId}.json"`,
    )
    expect(body).toMatchObject({
      exportedAt: t.now.toISOString(),
      person: { id: person.id, name: 'Oskar Export', telegram: '@oskar', email: person.email },
      payments: [],
      renewals: [],
      notes: [{ body: 'Asked for his data', authorUsername: 'owner' }],
      tickets: [
        {
          id: ticket.body.id,
          subject: 'Where is my data',
          messages: [{ senderType: 'admin', message: 'On its way' }],
          notes: [],
        },
      ],
      telegram: null,
      remindersStoppedAt: null,
    })
    // The line's login was sent to him; nothing of ours (the panel's key, our secret) is here.
    expect(body.line).toMatchObject({ username: expect.stringMatching(/^sl/), status: 'active' })
    expect(body.line.password).toMatch(/^[0-9A-Za-z]{16}$/)
    expect(JSON.stringify(body)).not.toContain(t.supplier.apiKey)
    expect(body.messages.map((message: any) => message.kind)).toContain('ticket_created')
    expect(body.activity.map((entry: any) => entry.action)).toEqual(
      expect.arrayContaining(['m3u_line.create', 'trial_request.add_note']),
    )
  })

  it('erases once confirmed with the subscription id, records it without the values, and erasing again is harmless', async () => {
    const person = await t.newPerson({ firstName: 'Petra', lastName: 'Gone' })
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)

    const refused = await erase(person.id, 'SUB-WRONG000')
    expect(refused.status).toBe(400)
    expect(refused.body.issues).toEqual([
      { path: 'confirm', message: "confirm must be this person's subscription id" },
    ])
    expect((await erase(person.id, undefined)).body.issues[0].path).toBe('confirm')
    expect((await exportOf(person.id)).body.person.name).toBe('Petra Gone')

    const { result, entries } = await withNewEntries(t.server.app.db, () =>
      erase(person.id, person.subscriptionId.toLowerCase()),
    )
    expect(result.body).toMatchObject({ personId: person.id, line: 'disabled' })
    expect(entries.map((entry) => entry.action)).toEqual([
      'trial_request.erase',
      'm3u_line.disable',
    ])
    expect(JSON.stringify(entries)).not.toMatch(/Petra|Gone|person\d+@/)

    const again = await withNewEntries(t.server.app.db, () =>
      erase(person.id, person.subscriptionId),
    )
    expect(again.result.status).toBe(200)
    expect(again.result.body.line).toBe('disabled')
    // Nothing more asked of the panel: the line is already disabled there.
    expect(again.entries.map((entry) => entry.action)).toEqual(['trial_request.erase'])
    expect((await exportOf(person.id)).body.person).toMatchObject({
      name: 'Erased person',
      email: `erased-${person.id.slice(0, 8)}@erased.invalid`,
    })
  })

  it('keeps the line’s disabling waiting while the panel is down, and the panel round sends it', async () => {
    const person = await t.newPerson()
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)
    t.supplier.setMode('server-error')
    const erased = await erase(person.id, person.subscriptionId)
    expect(erased.status).toBe(200)
    expect(erased.body.line).toBe('pending')
    const username = `sl${person.subscriptionId.slice(4).toLowerCase()}`
    const onPanel = () => t.supplier.lines.find((line) => line.username === username)
    expect(onPanel()).toMatchObject({ enabled: '1' })

    t.supplier.setMode('ok')
    await t.travel(1)
    // What the expiry job runs after each round.
    expect(await panelLinesRound(t.server.app)).toMatchObject({ retried: 0 })
    expect(onPanel()).toMatchObject({ enabled: '0' })
  })

  it('answers 404 for an unknown person, 401 to a stranger and 403 to an admin who is not super', async () => {
    const missing = randomUUID()
    expect((await exportOf(missing)).status).toBe(404)
    expect((await erase(missing, 'SUB-00000000')).status).toBe(404)
    const person = await t.newPerson()
    const stranger = createClient(t.server.baseUrl)
    expect((await stranger.get(`/api/people/${person.id}/export`)).status).toBe(401)
    await seedAdmin(t.server.app.db, { username: 'clerk', password: 'clerk-password-4471' })
    const clerk = createClient(t.server.baseUrl)
    await clerk.login('clerk', 'clerk-password-4471')
    expect((await clerk.get(`/api/people/${person.id}/export`)).status).toBe(403)
    const body = { confirm: person.subscriptionId }
    expect((await clerk.post(`/api/people/${person.id}/erase`, body)).status).toBe(403)
    expect((await exportOf(person.id)).body.person.name).toBe(person.name)
  })
})
