import type { FastifyInstance } from 'fastify'
import { planInput } from '../../../common/plans'
import { recordRoutes } from '../../lib/record-routes'
import { createPlan, deletePlan, listPlans, updatePlan } from './plans.service'

export async function plansRoutes(app: FastifyInstance) {
  // The public sees active plans; a signed-in admin sees every plan.
  app.get('/api/plans', { config: { public: true } }, async (request) =>
    listPlans(app.db, { includeInactive: request.admin !== null }),
  )

  recordRoutes(app, {
    path: '/api/plans',
    entity: 'plan',
    input: planInput,
    create: createPlan,
    update: updatePlan,
    remove: deletePlan,
  })
}
