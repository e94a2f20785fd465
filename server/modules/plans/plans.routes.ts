import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { plan, planInput } from '../../../common/plans'
import { jsonAnswer } from '../../lib/public-cache'
import { recordRoutes } from '../../lib/record-routes'
import { createPlan, deletePlan, listPlans, updatePlan } from './plans.service'

export async function plansRoutes(app: FastifyInstance) {
  // The public sees active plans, from memory; a signed-in admin sees every plan.
  const list = { response: { 200: z.array(plan) } }
  app.get('/api/plans', { config: { public: true }, schema: list }, async (request, reply) => {
    if (request.admin !== null) return listPlans(app.db, { includeInactive: true })
    return app.publicContent.send(request, reply, { scopes: ['plans'] }, async () =>
      jsonAnswer(await listPlans(app.db, { includeInactive: false })),
    )
  })

  recordRoutes(app, {
    path: '/api/plans',
    entity: 'plan',
    input: planInput,
    record: plan,
    publicScope: 'plans',
    create: createPlan,
    update: updatePlan,
    remove: deletePlan,
  })
}
