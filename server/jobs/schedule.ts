import type { FastifyInstance } from 'fastify'
import { queueCardExpiryNotices } from '../modules/messages/card-expiry-notices'
import { queueDueReminders } from '../modules/messages/reminders.service'
import { refreshTrialIdentityKeys } from '../modules/trial-requests/trial-identity-refresh'
import { expireSubscriptions } from '../modules/subscriptions/expire-subscriptions'
import { cleanupExpired } from './cleanup'
import { keepSubscriptionMetricsCurrent } from '../modules/business-metrics/subscription-metrics.service'
import {
  leftLinesRound,
  lineActivityRound,
  panelLinesRound,
  supplierSyncRound,
} from '../modules/m3u/panel-rounds'
import { reconcilePayments } from '../modules/payments/reconcile-payments'
import { renewalRound } from '../modules/payments/renewals/renewal-round'
import { startQueuedTrials } from '../modules/trial-requests/start-queued-trials'
import { pollMs } from '../lib/lease'
import { writeBackup } from '../modules/maintenance/backups.service'
import { runCompensations } from '../modules/compensations/compensation-run'
import { repeatWithoutOverlap } from './repeat'
import { secondsSince, signalJobRun, type JobRunSignal } from '../lib/signals'

const minute = 60 * 1000

/** Each run's outcome and duration, for the metrics (a job that stops succeeding shows there). */
function reported(job: string, run: () => Promise<unknown>): () => Promise<unknown> {
  return async () => {
    const startedAt = performance.now()
    const report = (outcome: JobRunSignal['outcome']) =>
      signalJobRun({ job, outcome, seconds: secondsSince(startedAt), finishedAt: new Date() })
    try {
      const result = await run()
      report('ok')
      return result
    } catch (error) {
      report('failed')
      throw error
    }
  }
}

/**
 * Runs the periodic jobs in this process; each is safe to run in many processes at once, and one
 * job's rounds never overlap within a process (repeatWithoutOverlap). Answers the function that
 * stops them, which resolves once the rounds still running have ended.
 */
export function scheduleJobs(app: FastifyInstance): () => Promise<void> {
  const stopping = new AbortController()
  const jobs: [string, number, () => Promise<unknown>][] = [
    ['cleanup', 60 * minute, () => cleanupExpired(app.db, app.now())],
    [
      'expire-subscriptions',
      minute,
      async () => {
        await expireSubscriptions(app.db, app.now())
        // Once per period whichever process runs it (message_reminders holds each key).
        await queueDueReminders(app.db, app.now())
        await queueCardExpiryNotices(app.db, app.now())
        await panelLinesRound(app)
      },
    ],
    // Queued work, and work a process that died had claimed, waits at most one poll.
    [
      'trial-autopilot',
      pollMs,
      async () => {
        // The login goes out at once rather than at the outbox's next turn.
        const { trialsStarted } = await startQueuedTrials(app)
        if (trialsStarted) await app.outbox.flush()
      },
    ],
    // A paid line whose follow-up died with its process is made or pushed within a lease and a poll.
    ['left-lines', pollMs, () => leftLinesRound(app)],
    ['supplier-sync', 15 * minute, () => supplierSyncRound(app)],
    // One process at a time (a lease) reads the activity log on and flags lines likely shared.
    ['line-activity', 5 * minute, () => lineActivityRound(app)],
    // Automatic renewals: one process at a time (a lease) records, notices and charges what is
    // due at Stripe's pace; a renewal made due again (a new card) is tried within a poll.
    ['renewals', pollMs, () => renewalRound(app)],
    // A payment whose webhook never came is settled (or ended) by asking its provider.
    ['payment-reconciliation', 10 * minute, () => reconcilePayments(app)],
    // Once per rules version, and only then more than a look at one settings row. Requests are
    // served meanwhile, since on a large table it takes a while: until a request's keys are
    // derived again, a repeat may pass as new or a new person meet an old key, the very misses
    // the new rules fix, for those moments; the keys are redone from the contacts as typed.
    [
      'trial-identity-keys',
      15 * minute,
      async () => {
        const rekeyedRequests = await refreshTrialIdentityKeys(app.db)
        if (rekeyedRequests) app.log.info({ rekeyedRequests }, 'Trial requests keyed by new rules')
      },
    ],
    // At start and after a change of the business time zone, one process (an advisory lock)
    // rebuilds the owner's monthly sums while the others wait for its result.
    ['business-metrics', 15 * minute, () => keepSubscriptionMetricsCurrent(app.db)],
    // One process at a time works through compensation days (a lease), at the panel's pace;
    // another takes over within a lease and a poll when it dies.
    ['compensations', pollMs, () => runCompensations(app, stopping.signal)],
    // Every process sends; row locks keep each message to one of them.
    ['outbox', pollMs, () => app.outbox.flush()],
  ]
  // A file a day into BACKUP_DIR: the first process to look after midnight (UTC) writes it.
  if (app.config.backups)
    jobs.push(['backup', 15 * minute, () => writeBackup(app, { daily: true })])
  const stops = jobs.map(([name, intervalMs, run]) =>
    repeatWithoutOverlap(reported(name, run), intervalMs, (error) =>
      app.log.warn({ err: error, job: name }, 'Job failed; will retry'),
    ),
  )
  return async () => {
    stopping.abort()
    await Promise.all(stops.map((stop) => stop()))
  }
}
