import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  compensationCreated,
  compensationInput,
  compensationProgress as progressAnswer,
} from '../../../common/compensations'
import { commandContext } from '../audit/command-context'
import { compensationProgress, recentCompensations } from './compensation-progress'
import { orderCompensation, startCompensationAction } from './compensations.commands'

// Days for every active subscription reach the whole customer base: super admins only.
const superAdmin = { role: 'super_admin' } as const

/** Compensation days after an outage: started here, worked through by the job (compensation-run.ts). */
export async function compensationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/lines/compensations',
    {
      config: { ...superAdmin, audit: startCompensationAction },
      schema: {
        body: compensationInput,
        response: { 202: compensationCreated, 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await orderCompensation(commandContext(request), request.body)),
  )

  app.get(
    '/api/lines/compensations',
    { config: superAdmin, schema: { response: { 200: z.array(progressAnswer) } } },
    async () => recentCompensations(app.db),
  )

  app.get(
    '/api/lines/compensations/:id',
    {
      config: superAdmin,
      schema: { params: idParams, response: { 200: progressAnswer, 404: apiErrorBody } },
    },
    async (request) => compensationProgress(app.db, request.params.id),
  )
}
