import type { FastifyInstance } from 'fastify'
import { expireSubscriptions } from '../../jobs/expire-subscriptions'
import { recordAudit } from '../audit/audit.service'
import { backupFileName, backupJson } from './backup'

export async function maintenanceRoutes(app: FastifyInstance) {
  app.post(
    '/api/maintenance/expire-now',
    { config: { audit: { action: 'maintenance.expire_now', entity: 'maintenance' } } },
    async () => expireSubscriptions(app.db, app.now()),
  )

  // Downloads are reads, but a full export of customer data is worth a line in the trail.
  app.get('/api/maintenance/backup', async (request, reply) => {
    const now = app.now()
    await recordAudit(app.db, {
      actor: request.admin!,
      action: 'maintenance.backup',
      entityType: 'maintenance',
      entityId: null,
      now,
    })
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${backupFileName(now)}"`)
      .send(backupJson(app.db, now))
  })
}
