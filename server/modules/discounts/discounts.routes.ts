import type { FastifyInstance } from 'fastify'
import { discountInput } from '../../../common/discounts'
import { recordRoutes } from '../../lib/record-routes'
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from './discounts.service'

export async function discountsRoutes(app: FastifyInstance) {
  app.get('/api/discounts', async () => listDiscounts(app.db))

  recordRoutes(app, {
    path: '/api/discounts',
    entity: 'discount',
    input: discountInput,
    create: createDiscount,
    update: updateDiscount,
    remove: deleteDiscount,
  })
}
