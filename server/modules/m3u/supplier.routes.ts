import type { FastifyInstance } from 'fastify'
import { supplierConfig } from '../../../common/m3u'

export async function supplierRoutes(app: FastifyInstance) {
  // Whether the server holds a key, never the key: the M3U form asks for one only when it does not.
  app.get('/api/supplier/config', { schema: { response: { 200: supplierConfig } } }, async () => ({
    hasServerKey: app.config.supplierApiKey !== null,
  }))
}
