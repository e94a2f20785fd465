import type { FastifyInstance } from 'fastify'
import type { PaymentImportPhase } from '../../../common/payment-imports'

/** Tells how many of `total` a phase has done. */
export type ProgressReport = (done: number, total: number) => void

export type ImportProgress = Record<PaymentImportPhase, ProgressReport>

const silent: ImportProgress = { reading: () => {}, checking: () => {}, writing: () => {} }

/**
 * Reports an upload's progress to the live sockets of the admin who sent it, under the id their
 * page chose (none chosen: nothing is sent). Each report is published and not awaited: it may
 * come from inside the import's transaction, which must never wait on anything but its own
 * statements, and a report lost (the database's NOTIFY refusing) costs only a step of a bar.
 */
export function importProgress(
  app: FastifyInstance,
  userId: string,
  progressId: string | undefined,
): ImportProgress {
  if (!progressId) return silent
  const report =
    (phase: PaymentImportPhase): ProgressReport =>
    (done, total) => {
      const progress = { progressId, phase, done, total }
      app.bus.publish({ kind: 'import_progress', userId, progress }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'Could not report the import’s progress')
      })
    }
  return { reading: report('reading'), checking: report('checking'), writing: report('writing') }
}
