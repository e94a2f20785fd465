import type { FastifyInstance } from 'fastify'
import { revenueAnalytics } from './revenue.service'

export async function revenueRoutes(app: FastifyInstance) {
  app.get('/api/revenue-analytics', async () => revenueAnalytics(app.db))
}
