import { describe, expect, it } from 'vitest'
import { signedInCustomer } from '../../test/customer-fixtures'
import { databaseKinds } from '../../test/test-server'
import { useSupplierServer } from '../../test/supplier-server'

const minute = 60 * 1000

describe.each(databaseKinds)('who watches a line now, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const liveReads = () => t.supplier.calls.filter((call) => call.action === 'live_connections')
  /** The clock a minute on: the next question reads the panel again. */
  const aMinuteLater = () => (t.now = new Date(t.now.getTime() + minute))

  async function personWithLine() {
    const person = await t.newPerson()
    const made = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(made.status).toBe(201)
    return { person, panelId: made.body.supplierLineId as string }
  }

  it("answers the panel's connections of the person's line, read at most once a minute", async () => {
    const { person, panelId } = await personWithLine()
    const other = await personWithLine()
    aMinuteLater()
    const startedAt = new Date(Math.floor(t.now.getTime() / 1000) * 1000 - 5 * minute)
    t.supplier.viewers.connect({
      lineId: panelId,
      ip: '203.0.113.7',
      country: 'de',
      userAgent: 'TiviMate/4.7.0 (Android 11)',
      stream: 'Sky Sport 1 HD',
      startedAt,
    })
    t.supplier.viewers.connect({ lineId: other.panelId, ip: '198.51.100.9', startedAt })
    const before = liveReads().length

    const answer = await t.admin.get(`/api/trial-requests/${person.id}/connections`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      readAt: t.now.toISOString(),
      maxConnections: 2,
      connections: [
        {
          stream: 'Sky Sport 1 HD',
          player: 'TiviMate/4.7.0 (Android 11)',
          ip: '203.0.113.7',
          country: 'DE',
          startedAt: startedAt.toISOString(),
        },
      ],
    })
    // Within the minute another look (any line) is answered from the same reading.
    t.supplier.viewers.connect({ lineId: panelId, ip: '192.0.2.44', startedAt })
    const again = await t.admin.get(`/api/trial-requests/${other.person.id}/connections`)
    expect(again.body.connections.map((c: { ip: string }) => c.ip)).toEqual(['198.51.100.9'])
    expect(liveReads().length - before).toBe(1)
    // The reseller API was asked with its paging.
    expect(liveReads().at(-1)!.query.get('limit')).toBe('1000')
    expect(liveReads().at(-1)!.query.get('start')).toBe('0')

    aMinuteLater()
    const later = await t.admin.get(`/api/trial-requests/${person.id}/connections`)
    expect(later.body.connections).toHaveLength(2)
    expect(liveReads().length - before).toBe(2)
  })

  it('keeps the last reading with its age when the panel does not answer', async () => {
    const { person, panelId } = await personWithLine()
    aMinuteLater()
    const startedAt = new Date(Math.floor(t.now.getTime() / 1000) * 1000)
    t.supplier.viewers.connect({ lineId: panelId, ip: '203.0.113.8', startedAt })
    const read = await t.admin.get(`/api/trial-requests/${person.id}/connections`)
    expect(read.body.connections).toHaveLength(1)

    t.now = new Date(t.now.getTime() + 3 * minute)
    t.supplier.setMode('html-error', ['live_connections'])
    const stale = await t.admin.get(`/api/trial-requests/${person.id}/connections`)
    expect(stale.status).toBe(200)
    expect(stale.body).toEqual(read.body)
    expect(Date.parse(stale.body.readAt)).toBe(t.now.getTime() - 3 * minute)
  })

  it('shows the customer their own line only, with addresses masked', async () => {
    const { person, panelId } = await personWithLine()
    const stranger = await personWithLine()
    aMinuteLater()
    const startedAt = new Date(Math.floor(t.now.getTime() / 1000) * 1000)
    t.supplier.viewers.connect({ lineId: panelId, ip: '203.0.113.9', startedAt, country: 'FR' })
    t.supplier.viewers.connect({ lineId: panelId, ip: '2001:db8:85a3::8a2e:370:7334', startedAt })
    t.supplier.viewers.connect({ lineId: stranger.panelId, ip: '198.51.100.77', startedAt })

    const customer = await signedInCustomer(t.server, person, t.now)
    const answer = await customer.get('/api/account/connections')
    expect(answer.status).toBe(200)
    expect(answer.body.maxConnections).toBe(2)
    expect(answer.body.connections.map((c: { ip: string }) => c.ip).sort()).toEqual([
      '2001:db8:…',
      '203.0.x.x',
    ])
    expect(JSON.stringify(answer.body)).not.toContain('198.51')
    expect(JSON.stringify(answer.body)).not.toContain('113.9')

    // Admins only for the person's page; a signed-out visitor gets nothing.
    expect((await customer.get(`/api/trial-requests/${person.id}/connections`)).status).toBe(401)
  })

  it('answers 404 for a person without a line', async () => {
    const person = await t.newPerson()
    const answer = await t.admin.get(`/api/trial-requests/${person.id}/connections`)
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe('This person has no line yet')
  })
})
