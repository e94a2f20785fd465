import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { planInput } from '../../../common/plans'
import { createPlan, deletePlan, listPlans, updatePlan } from './plans.service'

const audit = (verb: string) => ({ audit: { action: `plan.${verb}`, entity: 'plan' } })

export async function plansRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The public sees active plans; a signed-in admin sees every plan.
  app.get('/api/plans', { config: { public: true } }, async (request) =>
    listPlans(app.db, { includeInactive: request.admin !== null }),
  )

  app.post(
    '/api/plans',
    { config: audit('create'), schema: { body: planInput } },
    async (request, reply) =>
      reply.code(201).send(await createPlan(app.db, request.body, app.now())),
  )

  app.put(
    '/api/plans/:id',
    { config: audit('update'), schema: { params: idParams, body: planInput } },
    async (request) => updatePlan(app.db, request.params.id, request.body, app.now()),
  )

  app.delete(
    '/api/plans/:id',
    { config: audit('delete'), schema: { params: idParams } },
    async (request, reply) => {
      await deletePlan(app.db, request.params.id)
      return reply.code(204).send()
    },
  )
}
