import { z } from 'zod'

/** What POST /api/maintenance/expire-now answers: how many it expired, or that another run held the lock. */
export const expiryResult = z.object({
  trialsExpired: z.number().int(),
  subscriptionsExpired: z.number().int(),
  /** True when another process was running the job at that moment. */
  skipped: z.boolean(),
  /** Lines of ended trials and subscriptions disabled on the supplier panel (after the grace period). */
  linesDisabled: z.number().int(),
  /** Trial requests the trial autopilot started in the same run (their lines made). */
  trialsStarted: z.number().int(),
  /** Pending payments a provider said were paid, settled in the same run (reconciliation). */
  paymentsSettled: z.number().int(),
  /** Pending payments a provider said were paid but that differed from our record: held for review. */
  paymentsHeld: z.number().int(),
  /** Pending payments whose checkout had ended unpaid, marked expired or failed. */
  paymentsClosed: z.number().int(),
  /** Automatic renewals charged to saved cards in the same run (the renewal round). */
  renewalsCharged: z.number().int(),
  /** Automatic renewals whose card declined in the same run: retried later or waiting for a card. */
  renewalsDeclined: z.number().int(),
  /** Messages the outbox sent in the same run (those due then). */
  messagesSent: z.number().int(),
})
export type ExpiryResult = z.infer<typeof expiryResult>

/** The last backup file written into BACKUP_DIR (daily or on demand). */
export const lastBackup = z.object({
  /** When it was written. */
  at: z.iso.datetime(),
  /** Its size in bytes. */
  bytes: z.number().int(),
  /** Its name inside BACKUP_DIR. */
  file: z.string(),
})
export type LastBackup = z.infer<typeof lastBackup>

/** What GET /api/maintenance/backups answers. */
export const backupFiles = z.object({
  /** False while BACKUP_DIR is unset: no file is written. */
  enabled: z.boolean(),
  /** How many files are kept (BACKUP_KEEP); null when off. */
  keep: z.number().int().nullable(),
  last: lastBackup.nullable(),
})
export type BackupFiles = z.infer<typeof backupFiles>
