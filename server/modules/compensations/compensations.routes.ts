import { desc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import {
  compensationCreated,
  compensationInput,
  compensationProgress as progressAnswer,
} from '../../../common/compensations'
import { compensations } from '../../db/schema/compensations'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { compensationProgress } from './compensation-progress'
import { startCompensation } from './compensation-start'

const audit = auditAs('compensation')

// Days for every active subscription reach the whole customer base: super admins only.
const superAdmin = { role: 'super_admin' } as const

/** Compensation days after an outage: started here, worked through by the job (compensation-run.ts). */
export async function compensationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/lines/compensations',
    {
      config: { ...superAdmin, ...audit('create') },
      schema: {
        body: compensationInput,
        response: { 202: compensationCreated, 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = await inAuditedTransaction(
        request,
        (tx) =>
          startCompensation(tx, request.body, {
            createdBy: request.admin!.username,
            now: app.now(),
          }),
        { details: ({ isReplay }) => (isReplay ? { outcome: 'replayed' } : undefined) },
      )
      return reply.code(202).send({ id })
    },
  )

  app.get(
    '/api/lines/compensations',
    { config: superAdmin, schema: { response: { 200: z.array(progressAnswer) } } },
    async () => {
      const recent = await app.db
        .select({ id: compensations.id })
        .from(compensations)
        .orderBy(desc(compensations.createdAt), desc(compensations.id))
        .limit(5)
      return Promise.all(recent.map(({ id }) => compensationProgress(app.db, id)))
    },
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
