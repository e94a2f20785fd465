import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { platformSettings } from '../../../common/settings'
import { getPlatformSettings, savePlatformSettings } from './settings.service'

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/settings/platform', async () => getPlatformSettings(app.db))

  app.put(
    '/api/settings/platform',
    {
      config: { audit: { action: 'settings.update', entity: 'settings' } },
      schema: { body: platformSettings },
    },
    async (request) => savePlatformSettings(app.db, request.body, app.now()),
  )
}
