import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { postgresOnly, useAdminServer } from '../../test/test-server'

describe.each(postgresOnly)('plans management API on %s', (kind) => {
  const t = useAdminServer(kind)

  it('creates a plan with the form defaults and a margin computed on the server', async () => {
    const response = await t.admin.post('/api/plans', {
      name: 'Quarterly Deal',
      price: '26.99',
      billingPeriod: 'quarterly',
      features: ['HD', '', '  4K  '],
      profitMargin: '99.99',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      price: '26.99',
      costPerMonth: '1.50',
      currency: 'EUR',
      features: ['HD', '4K'],
      active: true,
      sortOrder: 0,
      // (26.99 − 1.50 × 3) / 26.99 = 83.33 %, whatever the client sent.
      profitMargin: '83.33',
    })
  })

  it('updates a plan, and an inactive plan disappears from the public list', async () => {
    const { body: plan } = await t.admin.post('/api/plans', { name: 'Weekend Pass', price: 5 })
    const updated = await t.admin.put(`/api/plans/${plan.id}`, {
      name: 'Weekend Pass',
      price: 5,
      active: false,
    })
    expect(updated.body.active).toBe(false)
    const publicNames = (await createClient(t.server.baseUrl).get('/api/plans')).body.map(
      (p: any) => p.name,
    )
    expect(publicNames).not.toContain('Weekend Pass')
    expect((await t.admin.delete(`/api/plans/${plan.id}`)).status).toBe(204)
    expect((await t.admin.delete(`/api/plans/${plan.id}`)).status).toBe(404)
  })

  it("requires a price with the spec's message", async () => {
    const response = await t.admin.post('/api/plans', { name: 'Free?', price: '' })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path: 'price', message: 'Price is required' }])
  })

  it('keeps the screens a plan plays on (1 by default), and refuses others naming the field', async () => {
    const made = await t.admin.post('/api/plans', { name: 'Trio', price: 12, maxConnections: 3 })
    expect(made.body.maxConnections).toBe(3)
    const plain = await t.admin.post('/api/plans', { name: 'Solo', price: 5 })
    expect(plain.body.maxConnections).toBe(1)
    for (const maxConnections of [0, 11, 2.5, 'many']) {
      const refused = await t.admin.post('/api/plans', { name: 'Bad', price: 5, maxConnections })
      expect(refused.status).toBe(400)
      expect(refused.body.issues).toEqual([
        { path: 'maxConnections', message: expect.stringMatching(/^Connections must be/) },
      ])
    }
  })

  it('refuses anonymous changes', async () => {
    expect(
      (await createClient(t.server.baseUrl).post('/api/plans', { name: 'x', price: 1 })).status,
    ).toBe(401)
  })
})
