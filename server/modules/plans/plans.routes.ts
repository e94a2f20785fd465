import type { FastifyInstance } from 'fastify'
import { listPlans } from './plans.service'

export async function plansRoutes(app: FastifyInstance) {
  // The public sees active plans; a signed-in admin sees every plan.
  app.get('/api/plans', { config: { public: true } }, async (request) =>
    listPlans(app.db, { includeInactive: request.admin !== null }),
  )
}
