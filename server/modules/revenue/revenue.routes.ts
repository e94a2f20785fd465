import type { FastifyInstance } from 'fastify'
import { revenueAnalytics as revenueAnalyticsAnswer } from '../../../common/revenue'
import { revenueAnalytics } from './revenue.service'

export async function revenueRoutes(app: FastifyInstance) {
  app.get(
    '/api/revenue-analytics',
    { schema: { response: { 200: revenueAnalyticsAnswer } } },
    async () => revenueAnalytics(app.db),
  )
}
