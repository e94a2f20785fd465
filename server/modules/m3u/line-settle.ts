import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import { m3uLines } from '../../db/schema/m3u-lines'
import { notifications } from '../../db/schema/notifications'
import { trialRequests } from '../../db/schema/trial-requests'
import { createNotification, publishNotification } from '../notifications/notifications.service'
import type { M3uLineRow } from './line-changes'
import { claimCreation, makeClaimedLine } from './line-create'
import type { CommitOutcome } from './line-outcome'
import { dueLines } from './line-push'
import { PanelError } from './panel'
import type { SupplierAccess } from './supplier-access'

// The panel's refusals of one order (its username taken, its values): the next line may pass.
const lineRefusals = new Set([
  'STATUS_EXISTS_USERNAME',
  'STATUS_INVALID_INPUT',
  'STATUS_INVALID_DATE',
])

/** Why nobody should get a checking line now; null while its person still should. */
async function whyNotBuy(access: SupplierAccess, line: M3uLineRow): Promise<string | null> {
  const [person] = line.trialRequestId
    ? await access.db
        .select({ status: trialRequests.status, subscription: trialRequests.subscriptionStatus })
        .from(trialRequests)
        .where(eq(trialRequests.id, line.trialRequestId))
    : []
  const checked = 'while the supplier panel was being checked; the panel holds no line for it'
  if (!person) return `Not bought: the person was deleted ${checked}.`
  if (person.status === 'Rejected') return `Not bought: the request was rejected ${checked}.`
  const hasEnded = person.subscription === 'expired' || person.subscription === 'cancelled'
  if (hasEnded || !line.isEnabled) {
    return `Not bought: the trial or subscription ended ${checked}.`
  }
  return null
}

/**
 * Tells the admins that the panel refused the retry job for a reason not of one line (a refused
 * key, no credits), once until they have read it: every checking line waits on it.
 */
async function notifyRefusal(access: SupplierAccess, error: PanelError) {
  const type = 'supplier_refused'
  const [unread] = await access.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.type, type), eq(notifications.read, false)))
    .limit(1)
  if (unread) return
  const notification = await createNotification(access.db, {
    type,
    entityId: 'supplier',
    recipientRole: 'admin',
    title: 'The supplier panel refused to settle a line',
    body: `${error.message} Lines checking with the panel wait until this is put right.`,
  })
  await publishNotification(access.bus, notification)
}

type SettleOptions = { actor: string; commit: CommitOutcome }

/**
 * Makes the lines `condition` selects whose next try is due by `dueBy`, each claimed (one process
 * per line) and made with the server's key: looked up on the panel first when in doubt (a create
 * the deadline left unknown, or one whose maker died: see claimCreation), recorded as made when
 * the panel holds it and bought when it holds none (never twice: the panel keeps one line per
 * username), unless nobody should get it now: then it goes back to an admin, saying why. A panel
 * that still does not answer, or refuses for a reason not of one line, ends the round; the rest
 * wait, each on its own backoff.
 */
async function makeDueLines(
  access: SupplierAccess,
  condition: SQL,
  dueBy: Date,
  { actor, commit }: SettleOptions,
) {
  const result = { linesSettled: 0, linesUnsettled: 0, linesNotBought: 0 }
  const key = access.serverKey
  // Without the server's key, an admin's "Check now" (with a key typed) settles each line.
  if (!access.panel || !key) return result
  for (const lineId of await dueLines(access, condition, access.now(), { dueBy })) {
    const claimed = await claimCreation(access, lineId)
    if (!claimed) continue
    try {
      const { isChecking, notBought } = await makeClaimedLine(access, claimed, key, {
        actor,
        commit,
        checkLater: true,
        isBackground: true,
        notBuying: await whyNotBuy(access, claimed),
      })
      if (notBought) result.linesNotBought += 1
      else result[isChecking ? 'linesUnsettled' : 'linesSettled'] += 1
      if (isChecking) return result
    } catch (error) {
      // Recorded on the line, which waits for another look after its delay.
      if (!(error instanceof PanelError)) throw error
      result.linesUnsettled += 1
      if (error.kind === 'refused' && lineRefusals.has(error.status ?? '')) continue
      if (error.kind === 'refused') await notifyRefusal(access, error)
      return result
    }
  }
  return result
}

/** The retry job's pass over lines whose create the deadline left unknown (see makeDueLines). */
export const settleCheckingLines = (access: SupplierAccess, options: SettleOptions) =>
  makeDueLines(
    access,
    and(eq(m3uLines.status, 'checking'), isNull(m3uLines.supplierId))!,
    access.now(),
    options,
  )

/**
 * Lines still to be made that the system owes (a settled payment's: see owedLineFor), and those
 * whose maker died holding them (its lease lapsed), due by `dueBy`: made as makeDueLines does. A
 * line an admin was left to decide on (not bought, or a refused create) is not one of them.
 */
export const makeOwedLines = (access: SupplierAccess, dueBy: Date, options: SettleOptions) =>
  makeDueLines(
    access,
    and(
      eq(m3uLines.status, 'creating'),
      isNull(m3uLines.supplierId),
      or(isNotNull(m3uLines.nextPushAt), isNotNull(m3uLines.claimedUntil)),
    )!,
    dueBy,
    options,
  )
