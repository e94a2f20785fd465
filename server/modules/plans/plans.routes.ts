import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { hasRole } from '../../../common/admin-users'
import { plan, planInput } from '../../../common/plans'
import { jsonAnswer } from '../../lib/public-cache'
import { recordRoutes } from '../audit/record-routes'
import { planCommands } from './plans.commands'
import { listPlans, publicPlan } from './plans.service'

export async function plansRoutes(app: FastifyInstance) {
  // The public sees active plans, from memory, without their cost and margin; staff see every
  // plan, and only admins what it costs us and earns.
  const list = { response: { 200: z.array(plan) } }
  app.get('/api/plans', { config: { public: true }, schema: list }, async (request, reply) => {
    const { admin } = request
    if (admin !== null) {
      const every = await listPlans(app.db, { includeInactive: true })
      return hasRole(admin.role, 'admin') ? every : every.map(publicPlan)
    }
    return app.publicContent.send(request, reply, { scopes: ['plans'] }, async () =>
      jsonAnswer((await listPlans(app.db, { includeInactive: false })).map(publicPlan)),
    )
  })

  recordRoutes(app, {
    path: '/api/plans',
    input: planInput,
    record: plan,
    commands: planCommands,
  })
}
