import type { PaymentImportReport } from '../../../common/payment-imports'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  nothingChanged,
  type CommandContext,
} from '../audit/command'
import type { OweLines } from '../m3u/line-owed'
import { getPlatformSettings } from '../settings/settings.service'
import type { ImportProgress } from './import-progress'
import type { ReadFile } from './payment-history-csv'
import { planPaymentHistory, type ImportPlan } from './payment-history-plan'
import { paymentHistoryReport } from './payment-history-report'
import { holdImportLock, writePaymentHistory } from './payment-history-write'
import type { ProblemLog } from './problem-log'

export const importAction = auditAction('payment_import', 'import')

/** Thrown inside the import's transaction to undo it: a row has a problem under the lock. */
class RefusedImport extends Error {
  constructor(readonly plan: ImportPlan) {
    super('The file has problems')
  }
}

type ImportInput = {
  /** The upload's rows, read by the route; their problems are already in `problems`. */
  read: ReadFile
  problems: ProblemLog
  dryRun: boolean
  progress: ImportProgress
  /** How lines are owed to paying customers, when this server makes lines on its own. */
  oweLines: OweLines | null
}

/**
 * People and their payments from a spreadsheet: a dry run (or a file with problems) reports what
 * would be created and every row's problem; the import checks the rows again under its lock and
 * writes them all in one transaction, or nothing (docs/payments.md §10). 422 when refused.
 */
export async function importPaymentHistory(
  ctx: CommandContext,
  { read, problems, dryRun, progress, oweLines }: ImportInput,
): Promise<{ status: 200 | 422; report: PaymentImportReport }> {
  const now = ctx.now()
  const refused = async (plan: ImportPlan, status: 200 | 422) => {
    nothingChanged(ctx)
    // Written once no transaction is open: the import's held the lock, this needs none.
    await problems.addAll(plan.problems)
    await problems.flush()
    return {
      status,
      report: paymentHistoryReport(read, plan, problems, { dryRun, isImported: false }),
    }
  }
  if (dryRun || problems.count > 0) {
    const options = { now, lock: false, onProgress: progress.checking }
    const checked = await planPaymentHistory(ctx.db, read.rows, options)
    return refused(checked, problems.count > 0 && !dryRun ? 422 : 200)
  }
  const { username } = actingAdmin(ctx)
  const entry = {
    entityId: null,
    details: (done: ImportPlan) => ({
      fields: ['file'],
      ...(done.people.length === 0 ? { outcome: 'replayed' as const } : {}),
    }),
  }
  try {
    const plan = await auditedChange(ctx, importAction, entry, async (tx) => {
      await holdImportLock(tx)
      // Checked under the lock: another import or payment may have landed since the dry run.
      const options = { now, lock: true, onProgress: progress.checking }
      const locked = await planPaymentHistory(tx, read.rows, options)
      if (locked.problems.length > 0) throw new RefusedImport(locked)
      // With the autopilot on, customers whose paid period runs on are owed a line.
      const { autoStartTrials } = await getPlatformSettings(tx)
      await writePaymentHistory(tx, locked, {
        now,
        createdBy: username,
        onProgress: progress.writing,
        oweLines: autoStartTrials ? oweLines : null,
      })
      return locked
    })
    return {
      status: 200,
      report: paymentHistoryReport(read, plan, problems, { dryRun, isImported: true }),
    }
  } catch (error) {
    if (!(error instanceof RefusedImport)) throw error
    return refused(error.plan, 422)
  }
}
