import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  platformSettings,
  securitySettings,
  supplierSettings,
  trialTrustSettings,
} from '../../../common/settings'
import { inAuditedTransaction } from '../../plugins/audit'
import {
  getPlatformSettings,
  getSecuritySettings,
  getSupplierSettings,
  getTrialTrustSettings,
  savePlatformSettings,
  saveSecuritySettings,
  saveSupplierSettings,
  saveTrialTrustSettings,
} from './settings.service'

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/api/settings/platform', async () => getPlatformSettings(app.db))

  app.put(
    '/api/settings/platform',
    {
      config: { audit: { action: 'settings.update', entity: 'settings' } },
      schema: { body: platformSettings },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) => savePlatformSettings(tx, request.body, app.now())),
  )

  app.get('/api/settings/security', async () => getSecuritySettings(app.db))

  app.put(
    '/api/settings/security',
    {
      config: {
        role: 'super_admin',
        audit: { action: 'settings.update_security', entity: 'settings' },
      },
      schema: { body: securitySettings },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) => saveSecuritySettings(tx, request.body, app.now())),
  )

  app.get('/api/settings/trial-trust', async () => getTrialTrustSettings(app.db))

  app.put(
    '/api/settings/trial-trust',
    {
      config: { audit: { action: 'settings.update_trial_trust', entity: 'settings' } },
      schema: { body: trialTrustSettings },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) => saveTrialTrustSettings(tx, request.body, app.now())),
  )

  app.get('/api/settings/supplier', async () => getSupplierSettings(app.db))

  app.put(
    '/api/settings/supplier',
    {
      config: { audit: { action: 'settings.update_supplier', entity: 'settings' } },
      schema: { body: supplierSettings },
    },
    async (request) =>
      inAuditedTransaction(request, (tx) => saveSupplierSettings(tx, request.body, app.now())),
  )
}
