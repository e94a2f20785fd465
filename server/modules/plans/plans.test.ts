import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTemplates } from '../../../common/plans'
import { plans } from '../../db/schema/plans'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { seedPlanTemplates } from './plans.service'

describe.each(postgresOnly)('GET /api/plans on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
    await seedPlanTemplates(server.app.db, planTemplates)
  })
  afterAll(() => server.close())

  it('seeds the twelve templates once, with margins computed on the server', async () => {
    await seedPlanTemplates(server.app.db, planTemplates)
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const { body } = await admin.get('/api/plans')
    expect(body).toHaveLength(12)
    expect(body[0]).toMatchObject({
      name: 'Starter',
      price: '9.99',
      costPerMonth: '1.88',
      profitMargin: '81.18',
      currency: 'USD',
      billingPeriod: 'monthly',
      sortOrder: 1,
    })
    expect(body.map((p: any) => p.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('tells the public and support agents no cost or margin, only admins', async () => {
    const visitor = createClient(server.baseUrl)
    const account = { username: 'plans.support', password: 'plans-support-password-1' }
    await seedAdmin(server.app.db, { ...account, role: 'support' })
    const agent = createClient(server.baseUrl)
    await agent.login(account.username, account.password)
    // Twice for the visitor: the first answer is built, the second comes from memory.
    for (const client of [visitor, visitor, agent]) {
      const answer = await client.get('/api/plans')
      expect(answer.status).toBe(200)
      const plans = answer.body as Record<string, unknown>[]
      expect(plans[0]).toMatchObject({ name: 'Starter', price: '9.99', currency: 'USD' })
      for (const shown of plans) {
        expect(shown).not.toHaveProperty('costPerMonth')
        expect(shown).not.toHaveProperty('profitMargin')
      }
    }
  })

  it('shows the public active plans only, while an admin sees every plan', async () => {
    await server.app.db.update(plans).set({ active: false }).where(eq(plans.name, 'Family Pro'))
    // Written behind the API's back, so announced as the admin routes do.
    await server.app.publicContent.changed('plans')
    const publicPlans = (await createClient(server.baseUrl).get('/api/plans')).body as any[]
    expect(publicPlans.map((p) => p.name)).not.toContain('Family Pro')
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const adminPlans = (await admin.get('/api/plans')).body as any[]
    expect(adminPlans.map((p) => p.name)).toContain('Family Pro')
  })

  it('does not bring templates back after the admins deleted every plan', async () => {
    await server.app.db.delete(plans)
    await seedPlanTemplates(server.app.db, planTemplates)
    await server.app.publicContent.changed('plans')
    expect((await createClient(server.baseUrl).get('/api/plans')).body).toEqual([])
  })
})
