import type { FastifyInstance } from 'fastify'
import { queueDueReminders } from '../modules/messages/reminders.service'
import { expireSubscriptions } from './expire-subscriptions'
import { cleanupExpired } from './cleanup'
import { panelLinesRound, supplierSyncRound } from './supplier-jobs'
import { startQueuedTrials } from './trial-autopilot'
import { pollMs } from './lease'

const minute = 60 * 1000

/** Runs the periodic jobs in this process; each is safe to run in many processes at once. */
export function scheduleJobs(app: FastifyInstance): () => void {
  const jobs: [string, number, () => Promise<unknown>][] = [
    ['cleanup', 60 * minute, () => cleanupExpired(app.db, app.now())],
    [
      'expire-subscriptions',
      minute,
      async () => {
        await expireSubscriptions(app.db, app.now())
        // Once per period whichever process runs it (message_reminders holds each key).
        await queueDueReminders(app.db, app.now())
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
    ['supplier-sync', 15 * minute, () => supplierSyncRound(app)],
    // Every process sends; row locks keep each message to one of them.
    ['outbox', pollMs, () => app.outbox.flush()],
  ]
  const timers = jobs.map(([name, intervalMs, run]) => {
    const runLogged = () => {
      run().catch((error: unknown) =>
        app.log.warn({ err: error, job: name }, 'Job failed; will retry'),
      )
    }
    runLogged()
    const timer = setInterval(runLogged, intervalMs)
    timer.unref()
    return timer
  })
  return () => timers.forEach((timer) => clearInterval(timer))
}
