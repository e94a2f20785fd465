import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { discount, discountInput } from '../../../common/discounts'
import { recordRoutes } from '../audit/record-routes'
import { discountCommands } from './discounts.commands'
import { listDiscounts } from './discounts.service'

export async function discountsRoutes(app: FastifyInstance) {
  app.get('/api/discounts', { schema: { response: { 200: z.array(discount) } } }, async () =>
    listDiscounts(app.db, app.now()),
  )

  recordRoutes(app, {
    path: '/api/discounts',
    input: discountInput,
    record: discount,
    commands: discountCommands,
  })
}
