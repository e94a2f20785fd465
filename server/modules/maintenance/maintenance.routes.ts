import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { expireSubscriptions } from '../subscriptions/expire-subscriptions'
import { disableEndedLines } from '../m3u/panel-expiry'
import { startQueuedTrials } from '../trial-requests/start-queued-trials'
import { adminOutcome } from '../m3u/line-outcome'
import { queueCardExpiryNotices } from '../messages/card-expiry-notices'
import { queueDueReminders } from '../messages/reminders.service'
import { reconcilePayments } from '../payments/reconcile-payments'
import {
  backupFiles,
  expiryResult,
  lastBackup,
  type BackupFiles,
  type ExpiryResult,
} from '../../../common/maintenance'
import { apiErrorBody } from '../../../common/api'
import { conflict, HttpError } from '../../lib/http-error'
import { textAnswer } from '../../lib/text-answer'
import { supplierAccess } from '../m3u/supplier-access'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { backupFileName, backupJson } from './backup'
import { readLastBackup } from './backup-state'
import { writeBackup } from './backups.service'

const audit = auditAs('maintenance')

const backupFile = z.object({
  format: z.literal('streamline-backup'),
  version: z.number().int(),
  exportedAt: z.iso.datetime(),
  /** Each table's rows by its name, in primary-key order. */
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
})

export async function maintenanceRoutes(app: FastifyInstance) {
  // A run skipped because another process held the job is recorded as skipped, not as a run.
  // The lines of what ended are disabled on the supplier panel after it, each in the trail.
  const expireNow = { config: audit('expire_now'), schema: { response: { 200: expiryResult } } }
  app.post('/api/maintenance/expire-now', expireNow, async (request) => {
    const expiry = await inAuditedTransaction(request, (tx) => expireSubscriptions(tx, app.now()), {
      details: ({ skipped }) => ({ outcome: skipped ? 'skipped' : 'completed' }),
    })
    const admin = request.admin!
    const lines = await disableEndedLines(supplierAccess(app), {
      actor: admin.username,
      commitFor: (action) => adminOutcome(app.db, admin, action, app.now),
    })
    // Trials due to start automatically start, reminders due now are queued, and what the outbox
    // holds due goes out now, so a check sees its lines and messages at once.
    const { trialsStarted } = await startQueuedTrials(app)
    await queueDueReminders(app.db, app.now())
    await queueCardExpiryNotices(app.db, app.now())
    // Payments whose webhook never came settle now, their receipts going out with the flush.
    const reconciled = await reconcilePayments(app)
    const messages = await app.outbox.flush()
    return {
      ...expiry,
      linesDisabled: lines.linesDisabled,
      trialsStarted,
      paymentsSettled: reconciled.paid,
      paymentsHeld: reconciled.held,
      paymentsClosed: reconciled.closed,
      messagesSent: messages.sent,
    } satisfies ExpiryResult
  })

  // A full export of customer data: super admins only, and worth a line in the trail, written
  // before the first byte leaves.
  app.get(
    '/api/maintenance/backup',
    {
      config: { role: 'super_admin', ...audit('backup') },
      schema: {
        response: {
          200: textAnswer(
            'application/json',
            'Every table a restore needs, row by row, as one streamed JSON download.',
            backupFile,
          ),
        },
      },
    },
    async (request, reply) => {
      const now = app.now()
      await inAuditedTransaction(request, async () => null)
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${backupFileName(now)}"`)
        .send(backupJson(app.db, now))
    },
  )

  // The backup files written into BACKUP_DIR: the last one, and one more now.
  const backups = { role: 'super_admin' } as const
  app.get(
    '/api/maintenance/backups',
    { config: backups, schema: { response: { 200: backupFiles } } },
    async () => {
      const target = app.config.backups
      return {
        enabled: Boolean(target),
        keep: target?.keep ?? null,
        last: await readLastBackup(app.db),
      } satisfies BackupFiles
    },
  )

  app.post(
    '/api/maintenance/backups',
    {
      config: { ...backups, ...audit('backup_file') },
      schema: { response: { 201: lastBackup, 409: apiErrorBody, 503: apiErrorBody } },
    },
    async (request, reply) => {
      if (!app.config.backups) {
        throw conflict('Backups to files are off: set BACKUP_DIR on the server to turn them on.')
      }
      const run = await writeBackup(app, { daily: false }).catch((error: unknown) => {
        // A full disk or a folder taken away: the server's to fix, said in a sentence.
        const code = (error as NodeJS.ErrnoException).code
        if (!code?.startsWith('E')) throw error
        request.log.error({ err: error }, 'Could not write the backup file')
        throw new HttpError(503, `The backup file could not be written into BACKUP_DIR (${code}).`)
      })
      if (run.outcome !== 'written') {
        throw conflict('A backup is being written right now. Try again in a minute.')
      }
      const { backup } = run
      await inAuditedTransaction(request, async () => backup, {
        entityId: null,
        details: { file: backup.file, bytes: backup.bytes },
      })
      return reply.code(201).send(backup)
    },
  )
}
