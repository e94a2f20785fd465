import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { trialRequests } from '../../db/schema/trial-requests'
import { HttpError } from '../../lib/http-error'
import { systemOutcome } from '../m3u/line-outcome'
import { retryDelayMs } from '../m3u/line-push'
import { isShortOfCredits } from '../m3u/credits-forecast'
import { PanelError } from '../m3u/panel'
import { createPersonLine, getPersonLine } from '../m3u/person-lines.service'
import { supplierAccess, type SupplierAccess } from '../m3u/supplier-access'
import { getPlatformSettings } from '../settings/settings.service'
import {
  claimDueAutostart,
  recordAutostart,
  renewAutostart,
  type AutostartOutcome,
  type AutostartRow,
} from './trial-autopilot.service'
import { leaseUntil, whileRenewing } from '../../lib/lease'

export type AutopilotResult = { trialsStarted: number }

/** Why a trial waits while the supplier credits are short (credits-forecast.ts). */
export const notEnoughCredits = 'not enough credits'
// Looked at again each minute: the sync reads the credits every 15 minutes, an admin's Sync now.
const creditsHoldMs = 60_000

/** Why a queued request is no longer the autopilot's to start; null while it is. */
async function skipReason(access: SupplierAccess, personId: string): Promise<string | null> {
  const [person] = await access.db
    .select({ subscriptionStatus: trialRequests.subscriptionStatus, status: trialRequests.status })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
  if (!person || person.status === 'Rejected') return 'An admin rejected the request'
  if (person.subscriptionStatus !== 'trial') return 'No longer a trial waiting to start'
  if (await getPersonLine(access.db, personId)) return 'An admin made the line first'
  return null
}

/**
 * Makes one claimed request's trial line on the panel with the line service an admin's "create
 * line" uses (intent, call, outcome; never two lines), which queues the login with the line. A
 * failure keeps it queued with the words and a later try (1 min, 2, 4… at most an hour).
 */
async function startOne(
  app: FastifyInstance,
  access: SupplierAccess,
  claimed: AutostartRow,
): Promise<{ outcome: AutostartOutcome; isPanelDown: boolean }> {
  const skipped = await skipReason(access, claimed.personId)
  if (skipped) return { outcome: { status: 'skipped', reason: skipped }, isPanelDown: false }
  // Held rather than failed at the panel while the credits are short; the rest wait too.
  if (await isShortOfCredits(access.db)) {
    const retryAt = new Date(access.now().getTime() + creditsHoldMs)
    return { outcome: { status: 'retry', error: notEnoughCredits, retryAt }, isPanelDown: true }
  }
  try {
    const { isNew } = await createPersonLine(access, claimed.personId, {
      actor: 'system',
      commit: systemOutcome(access.db, 'm3u_line.autostart', access.now),
    })
    const outcome: AutostartOutcome = isNew
      ? { status: 'started' }
      : { status: 'skipped', reason: 'An admin made the line first' }
    return { outcome, isPanelDown: false }
  } catch (error) {
    if (!(error instanceof HttpError)) {
      app.log.error({ err: error, personId: claimed.personId }, 'Could not start a trial')
    }
    const retryAt = new Date(access.now().getTime() + retryDelayMs(claimed.attempts))
    const words =
      error instanceof HttpError ? error.message : 'The trial could not be started; will retry.'
    const isPanelDown =
      error instanceof PanelError && (error.kind === 'timeout' || error.kind === 'unreachable')
    return { outcome: { status: 'retry', error: words, retryAt }, isPanelDown }
  }
}

/**
 * The trial autopilot's pass (every few seconds in each process, and in Expire now): while Start
 * trials automatically is on, starts the queued requests one by one, each claimed by one process.
 * A panel that does not answer ends the round; the rest wait for the next one.
 */
export async function startQueuedTrials(app: FastifyInstance): Promise<AutopilotResult> {
  const result: AutopilotResult = { trialsStarted: 0 }
  const access = supplierAccess(app)
  if (!(await getPlatformSettings(access.db)).autoStartTrials) return result
  const onRenewError = (error: unknown) =>
    app.log.warn({ err: error }, 'Could not renew the claim on a trial to start; will retry')
  for (;;) {
    const now = access.now()
    const claimed = await claimDueAutostart(access.db, now, leaseUntil(now))
    if (!claimed) return result
    // Renewed while the panel's calls run, however long they take; recorded once none runs.
    const { outcome, isPanelDown } = await whileRenewing(
      () => renewAutostart(access.db, claimed, leaseUntil(access.now())),
      onRenewError,
      () => startOne(app, access, claimed),
    )
    await recordAutostart(access.db, claimed, outcome, access.now())
    if (outcome.status === 'started') result.trialsStarted += 1
    if (isPanelDown) return result
  }
}
