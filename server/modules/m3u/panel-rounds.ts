import type { FastifyInstance } from 'fastify'
import { leaseMs } from '../../lib/lease'
import { readActivityRound } from './activity-read'
import { systemOutcome } from './line-outcome'
import { makeOwedLines, settleCheckingLines } from './line-settle'
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

/**
 * Every poll: the line work an answer left to its follow-up (see followUps) that no follow-up
 * has done within a lease, because its process died or is stuck: lines owed are made (a maker
 * that died leaves its line looked up first), changes pushed. Within the lease the follow-up does
 * it, so that this round does not take a burst of lines one by one from the processes that
 * settled them.
 */
export async function leftLinesRound(app: FastifyInstance) {
  const access = supplierAccess(app)
  const dueBy = new Date(app.now().getTime() - leaseMs)
  const made = await makeOwedLines(access, dueBy, {
    actor: 'system',
    commit: systemOutcome(app.db, 'm3u_line.create', app.now),
  })
  const pushed = await retryDuePushes(access, systemPush(app), dueBy)
  return { ...made, pushesPending: pushed }
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

/** Reads the panel's activity log on from where it stopped and computes the sharing signals. */
export const lineActivityRound = (app: FastifyInstance) => readActivityRound(supplierAccess(app))
