import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParams } from '../../../common/api'
import { discountInput } from '../../../common/discounts'
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from './discounts.service'

const audit = (verb: string) => ({ audit: { action: `discount.${verb}`, entity: 'discount' } })

export async function discountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/discounts', async () => listDiscounts(app.db))

  app.post(
    '/api/discounts',
    { config: audit('create'), schema: { body: discountInput } },
    async (request, reply) =>
      reply.code(201).send(await createDiscount(app.db, request.body, app.now())),
  )

  app.put(
    '/api/discounts/:id',
    { config: audit('update'), schema: { params: idParams, body: discountInput } },
    async (request) => updateDiscount(app.db, request.params.id, request.body, app.now()),
  )

  app.delete(
    '/api/discounts/:id',
    { config: audit('delete'), schema: { params: idParams } },
    async (request, reply) => {
      await deleteDiscount(app.db, request.params.id)
      return reply.code(204).send()
    },
  )
}
