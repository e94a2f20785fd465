import type { FastifyInstance } from 'fastify'
import type { ExpiryResult, LastBackup } from '../../../common/maintenance'
import { conflict, HttpError } from '../../lib/http-error'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  resultId,
  type CommandContext,
} from '../audit/command'
import { adminOutcome } from '../m3u/line-outcome'
import { disableEndedLines } from '../m3u/panel-expiry'
import { supplierAccess } from '../m3u/supplier-access'
import { queueDueReminders } from '../messages/reminders.service'
import { queueCardExpiryNotices } from '../messages/card-expiry-notices'
import { reconcilePayments } from '../payments/reconcile-payments'
import { renewalRound } from '../payments/renewals/renewal-round'
import { expireSubscriptions } from '../subscriptions/expire-subscriptions'
import { startQueuedTrials } from '../trial-requests/start-queued-trials'
import { backupFileName, backupJson } from './backup'
import { writeBackup, type BackupWriter } from './backups.service'

export const maintenanceActions = {
  expireNow: auditAction('maintenance', 'expire_now'),
  backup: auditAction('maintenance', 'backup'),
  backupFile: auditAction('maintenance', 'backup_file'),
}

/**
 * Expire now runs the jobs on demand, and some jobs still take the whole app (payments'
 * reconciliation, the renewal round, the autopilot): until they take a context, so does this.
 */
export type MaintenanceContext = CommandContext & { app: FastifyInstance }

/**
 * Expire now: what the minute's job does, and then the lines' disabling, the autopilot, due
 * reminders, reconciliation and the outbox, so that a check sees its lines and messages at once.
 * A run skipped because another process held the job is recorded as skipped, not as a run.
 */
export async function expireNow(ctx: MaintenanceContext): Promise<ExpiryResult> {
  const { app } = ctx
  const admin = actingAdmin(ctx)
  const entry = {
    entityId: resultId,
    details: ({ skipped }: { skipped: boolean }) => ({
      outcome: skipped ? ('skipped' as const) : ('completed' as const),
    }),
  }
  const expiry = await auditedChange(ctx, maintenanceActions.expireNow, entry, (tx) =>
    expireSubscriptions(tx, ctx.now()),
  )
  // The lines of what ended are disabled on the supplier panel after it, each in the trail.
  const lines = await disableEndedLines(supplierAccess(app), {
    actor: admin.username,
    commitFor: (action) => adminOutcome(ctx.db, admin, action, ctx.now),
  })
  const { trialsStarted } = await startQueuedTrials(app)
  await queueDueReminders(ctx.db, ctx.now())
  await queueCardExpiryNotices(ctx.db, ctx.now())
  // Payments whose webhook never came settle now, their receipts going out with the flush.
  const reconciled = await reconcilePayments(app)
  // Automatic renewals due are charged (and their notices and grace periods kept) now too.
  const renewals = await renewalRound(app)
  const messages = await app.outbox.flush()
  return {
    ...expiry,
    linesDisabled: lines.linesDisabled,
    trialsStarted,
    paymentsSettled: reconciled.paid,
    paymentsHeld: reconciled.held,
    paymentsClosed: reconciled.closed,
    renewalsCharged: renewals.charged,
    renewalsDeclined: renewals.declined,
    messagesSent: messages.sent,
  }
}

/** A full export of customer data, its line in the trail written before the first byte leaves. */
export async function startBackupDownload(ctx: CommandContext) {
  const now = ctx.now()
  const entry = { entityId: null, details: null }
  await auditedChange(ctx, maintenanceActions.backup, entry, async () => null)
  return { fileName: backupFileName(now), body: backupJson(ctx.db, now) }
}

/** One more backup file in BACKUP_DIR now, unless another is being written. */
export async function writeBackupNow(ctx: CommandContext & BackupWriter): Promise<LastBackup> {
  if (!ctx.config.backups) {
    throw conflict('Backups to files are off: set BACKUP_DIR on the server to turn them on.')
  }
  const run = await writeBackup(ctx, { daily: false }).catch((error: unknown) => {
    // A full disk or a folder taken away: the server's to fix, said in a sentence.
    const code = (error as NodeJS.ErrnoException).code
    if (!code?.startsWith('E')) throw error
    ctx.log.error({ err: error }, 'Could not write the backup file')
    throw new HttpError(503, `The backup file could not be written into BACKUP_DIR (${code}).`)
  })
  if (run.outcome !== 'written') {
    throw conflict('A backup is being written right now. Try again in a minute.')
  }
  const { backup } = run
  const entry = { entityId: null, details: { file: backup.file, bytes: backup.bytes } }
  return auditedChange(ctx, maintenanceActions.backupFile, entry, async () => backup)
}
