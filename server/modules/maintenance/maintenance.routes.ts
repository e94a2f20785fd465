import type { FastifyInstance } from 'fastify'
import { expireSubscriptions } from '../../jobs/expire-subscriptions'
import { auditAs, inAuditedTransaction } from '../../plugins/audit'
import { backupFileName, backupJson } from './backup'

const audit = auditAs('maintenance')

export async function maintenanceRoutes(app: FastifyInstance) {
  // A run skipped because another process held the job is recorded as skipped, not as a run.
  app.post('/api/maintenance/expire-now', { config: audit('expire_now') }, async (request) =>
    inAuditedTransaction(request, (tx) => expireSubscriptions(tx, app.now()), {
      details: ({ skipped }) => ({ outcome: skipped ? 'skipped' : 'completed' }),
    }),
  )

  // A full export of customer data: super admins only, and worth a line in the trail, written
  // before the first byte leaves.
  app.get(
    '/api/maintenance/backup',
    { config: { role: 'super_admin', ...audit('backup') } },
    async (request, reply) => {
      const now = app.now()
      await inAuditedTransaction(request, async () => null)
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${backupFileName(now)}"`)
        .send(backupJson(app.db, now))
    },
  )
}
