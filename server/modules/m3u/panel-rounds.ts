import type { FastifyInstance } from 'fastify'
import { systemOutcome } from './line-outcome'
import { settleCheckingLines } from './line-settle'
import { supplierAccess } from './supplier-access'
import { syncSupplier } from './supplier-sync'
import { disableEndedLines, retryDuePushes } from './panel-expiry'

const systemPush = (app: FastifyInstance) => ({
  actor: 'system',
  commitFor: (action: string) => systemOutcome(app.db, action, app.now),
})

/**
 * After the expiry job: disable the lines of ended trials and subscriptions, push again what the
 * panel did not take earlier, and settle the creates it did not answer in time (looked up first;
 * bought only when the panel holds none). Each line is on its own backoff while the panel is down.
 */
export async function panelLinesRound(app: FastifyInstance) {
  const access = supplierAccess(app)
  const expired = await disableEndedLines(access, systemPush(app))
  const retried = await retryDuePushes(access, systemPush(app))
  const checked = await settleCheckingLines(access, {
    actor: 'system',
    commit: systemOutcome(app.db, 'm3u_line.settle', app.now),
  })
  return { ...expired, retried, ...checked }
}

/** Reconciles with the panel when the server holds a key for it (every 15 minutes). */
export async function supplierSyncRound(app: FastifyInstance) {
  const access = supplierAccess(app)
  if (!access.panel || !access.serverKey) return null
  return syncSupplier(access, {
    actor: 'system',
    commit: systemOutcome(app.db, 'supplier.sync', app.now),
  })
}
