import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(postgresOnly)('follow-up stage filter and bulk change on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const ids: string[] = []

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    for (let day = 1; day <= 5; day += 1) {
      const status = day === 5 ? 'Rejected' : 'Pending'
      const createdAt = new Date(Date.UTC(2026, 10, day))
      ids.push((await insertTrialRequest(server.app.db, { status, createdAt })).id)
    }
  })
  afterAll(() => server.close())

  const stageOf = async (stage: string, query = '') => {
    const answer = await admin.get(`/api/trial-requests?stage=${stage}${query}`)
    expect(answer.status).toBe(200)
    return answer
  }

  it('marks the selected requests contacted in one request, an entry for each person', async () => {
    const selected = [ids[0]!, ids[1]!, ids[2]!]
    const { result, entries } = await withNewEntries(server.app.db, () =>
      admin.put('/api/trial-requests/status', { ids: selected, status: 'Contacted' }),
    )
    expect(result.status).toBe(200)
    expect(result.body).toEqual({ updated: 3 })
    const perPerson = entries.filter((entry) => entry.action === 'trial_request.status')
    expect(perPerson.map((entry) => entry.entityId).sort()).toEqual([...selected].sort())
    expect(entries.filter((entry) => entry.action === 'trial_request.bulk_status')).toHaveLength(1)
    const timeline = (await admin.get(`/api/people/${ids[0]}`)).body.timeline
    expect(timeline[0]).toMatchObject({ action: 'trial_request.status', actorUsername: 'owner' })
  })

  it('filters by stage on the server, newest first, with keyset pages', async () => {
    const first = await stageOf('Contacted', '&limit=2')
    expect(first.body.map((row: any) => row.id)).toEqual([ids[2], ids[1]])
    const cursor = first.headers.get('x-next-cursor')
    const next = await stageOf('Contacted', `&limit=2&cursor=${cursor}`)
    expect(next.body.map((row: any) => row.id)).toEqual([ids[0]])
    expect(next.headers.get('x-next-cursor')).toBeNull()
    expect((await stageOf('Pending')).body.map((row: any) => row.id)).toEqual([ids[3]])
    expect((await stageOf('Rejected', '&status=trial')).body).toHaveLength(1)
    const csv = await admin.get('/api/trial-requests/export.csv?stage=Rejected')
    expect(csv.body.trim().split('\n')).toHaveLength(2)
  })

  it('refuses a bad stage or selection, naming the field, and changes nothing', async () => {
    const badStage = await admin.get('/api/trial-requests?stage=Called')
    expect(badStage.status).toBe(400)
    expect(badStage.body.issues[0].path).toBe('stage')
    for (const body of [
      { ids: [], status: 'Contacted' },
      { ids: ['nope'], status: 'Contacted' },
      { ids: [ids[3]], status: 'Called' },
    ]) {
      const answer = await admin.put('/api/trial-requests/status', body)
      expect(answer.status).toBe(400)
      expect(answer.body.issues[0].path).toMatch(/^(ids|status)/)
    }
    expect((await stageOf('Pending')).body).toHaveLength(1)
  })

  it('skips ids it does not know, and refuses anonymous callers', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    const answer = await admin.put('/api/trial-requests/status', {
      ids: [unknown, ids[3]],
      status: 'Processed',
    })
    expect(answer.body).toEqual({ updated: 1 })
    const anonymous = createClient(server.baseUrl)
    const refused = await anonymous.put('/api/trial-requests/status', {
      ids: [ids[3]],
      status: 'Pending',
    })
    expect(refused.status).toBe(401)
  })
})
