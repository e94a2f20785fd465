import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const missingId = '00000000-0000-4000-8000-000000000000'

describe.each(databaseKinds)('customer view API on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let clock = new Date('2026-11-10T12:00:00Z')
  // Each change a minute after the last, so "newest first" has one answer.
  const tick = () => (clock = new Date(clock.getTime() + 60_000))
  let personId: string

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const person = await insertTrialRequest(server.app.db, {
      firstName: 'Lina',
      lastName: 'Check',
      email: 'Lina.Check@example.com',
      createdAt: new Date('2026-11-10T06:00:00Z'),
    })
    personId = person.id
    await insertTrialRequest(server.app.db, { email: 'someone.else@example.com' })
    const customer = createClient(server.baseUrl)
    for (const [email, subject] of [
      ['lina.check@EXAMPLE.com', 'No sound on channel 4'],
      ['someone.else@example.com', 'Not hers'],
    ]) {
      const ticket = { customerName: 'Lina', customerEmail: email, subject, description: 'Help' }
      expect((await customer.post('/api/support-tickets', ticket)).status).toBe(201)
    }
  })
  afterAll(() => server.close())

  it('answers the person, the end of their trial, their tickets by e-mail, no notes and no line yet', async () => {
    const { status, body } = await admin.get(`/api/people/${personId}`)
    expect(status).toBe(200)
    expect(body.person).toMatchObject({ id: personId, name: 'Lina Check', status: 'Pending' })
    // Started 06:00, and the default trial lasts 24 hours.
    expect(body.trialEndsAt).toBe('2026-11-11T06:00:00.000Z')
    expect(body.tickets.map((ticket: any) => ticket.subject)).toEqual(['No sound on channel 4'])
    expect(body.notes).toEqual([])
    expect(body.line).toBeNull()
  })

  it('keeps notes, newest first, each recorded in the trail and shown on the timeline', async () => {
    const { result: added, entries } = await withNewEntries(server.app.db, () =>
      admin.post(`/api/people/${personId}/notes`, { body: '  Prefers WhatsApp, evenings  ' }),
    )
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({
      body: 'Prefers WhatsApp, evenings',
      authorUsername: 'owner',
    })
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'trial_request.add_note',
        entityId: personId,
        details: { fields: ['body'] },
      }),
    ])
    tick()
    await admin.post(`/api/people/${personId}/notes`, { body: 'Called back' })

    const view = (await admin.get(`/api/people/${personId}`)).body
    expect(view.notes.map((note: any) => note.body)).toEqual([
      'Called back',
      'Prefers WhatsApp, evenings',
    ])
    expect(view.timeline[0]).toMatchObject({
      action: 'trial_request.add_note',
      actorUsername: 'owner',
    })
    expect(JSON.stringify(view.timeline)).not.toContain('WhatsApp')

    tick()
    const removed = await admin.delete(`/api/people/${personId}/notes/${added.body.id}`)
    expect(removed.status).toBe(204)
    const after = (await admin.get(`/api/people/${personId}`)).body
    expect(after.notes.map((note: any) => note.body)).toEqual(['Called back'])
    expect(after.timeline[0].action).toBe('trial_request.delete_note')
  })

  it('answers 404 for an unknown person or note, and 400 naming the field for bad input', async () => {
    expect((await admin.get(`/api/people/${missingId}`)).status).toBe(404)
    expect((await admin.post(`/api/people/${missingId}/notes`, { body: 'x' })).status).toBe(404)
    expect((await admin.delete(`/api/people/${personId}/notes/${missingId}`)).status).toBe(404)
    const empty = await admin.post(`/api/people/${personId}/notes`, { body: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.issues).toEqual([{ path: 'body', message: 'Write the note first' }])
    const long = await admin.post(`/api/people/${personId}/notes`, { body: 'x'.repeat(2001) })
    expect(long.body.issues?.[0]?.path).toBe('body')
    expect((await admin.get('/api/people/not-a-uuid')).status).toBe(400)
  })

  it('refuses anonymous callers', async () => {
    const anonymous = createClient(server.baseUrl)
    expect((await anonymous.get(`/api/people/${personId}`)).status).toBe(401)
    expect((await anonymous.post(`/api/people/${personId}/notes`, { body: 'x' })).status).toBe(401)
  })

  it('deletes a person’s notes with the person', async () => {
    const doomed = await insertTrialRequest(server.app.db)
    await admin.post(`/api/people/${doomed.id}/notes`, { body: 'Gone soon' })
    expect((await admin.delete(`/api/trial-requests/${doomed.id}`)).status).toBe(204)
    expect((await admin.get(`/api/people/${doomed.id}`)).status).toBe(404)
  })
})
