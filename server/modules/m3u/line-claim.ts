import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { m3uLines } from '../../db/schema/m3u-lines'
import { leaseUntil, whileRenewing } from '../../lib/lease'
import type { SupplierAccess } from './supplier-access'

/**
 * A line nobody works on with the panel: never claimed, released, or its holder's lease lapsed
 * (a process that died mid-call), so the next process takes it over within one lease.
 */
export const isUnclaimed = (now: Date) =>
  or(isNull(m3uLines.claimedUntil), lt(m3uLines.claimedUntil, now))

/** A claim as its statement wrote it: the line and the end of the lease taken. */
type LineClaim = { id: string; claimedUntil: Date | null }

/**
 * Runs the panel work of a line this process claimed, renewing the claim's lease while it runs.
 * Nothing else names a line's holder, so a renewal matches the lease end this holder last wrote:
 * once another process took the lapsed claim over, or it was released, it is no longer renewed.
 */
export function whileHoldingLine<T>(
  access: SupplierAccess,
  claim: LineClaim,
  work: () => Promise<T>,
): Promise<T> {
  let heldUntil = claim.claimedUntil!
  const renew = async () => {
    const until = leaseUntil(access.now())
    const [renewed] = await access.db
      .update(m3uLines)
      .set({ claimedUntil: until })
      .where(and(eq(m3uLines.id, claim.id), eq(m3uLines.claimedUntil, heldUntil)))
      .returning({ id: m3uLines.id })
    if (renewed) heldUntil = until
  }
  const onRenewError = (error: unknown) =>
    access.log.warn(
      { err: error, lineId: claim.id },
      'Could not renew the claim on a line; will retry',
    )
  return whileRenewing(renew, onRenewError, work)
}
