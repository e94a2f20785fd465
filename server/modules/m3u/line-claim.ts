import { and, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { isUnclaimedAt, leaseUntil, whileRenewing } from '../../lib/lease'
import type { SupplierAccess } from './supplier-access'

/** A line nobody works on with the panel (see isUnclaimedAt). */
export const isUnclaimed = (now: Date) => isUnclaimedAt(m3uLines.claimedUntil, now)

/** A claim as its statement wrote it: the line and the end of the lease taken. */
type LineClaim = { id: string; claimedUntil: Date | null }

/**
 * This process's hold on a line it claimed for panel work. Nothing else names a line's holder, so
 * the holder is known by the lease end it last wrote: once another process took the lapsed claim
 * over, or it was released, the old holder neither renews it nor records its outcome on it.
 */
export type LineHold = {
  /** Runs the panel work, renewing the lease while it runs. */
  whileHeld: <T>(work: () => Promise<T>) => Promise<T>
  /** The line while still held by this holder: the condition of its final write. */
  isHeld: () => SQL
  /** Ends the claim if still this holder's; a claim taken over is left to its new holder. */
  release: (db: Db) => Promise<unknown>
}

export function holdLine(access: SupplierAccess, claim: LineClaim): LineHold {
  let heldUntil = claim.claimedUntil!
  const isHeld = () => and(eq(m3uLines.id, claim.id), eq(m3uLines.claimedUntil, heldUntil))!
  const renew = async () => {
    const until = leaseUntil(access.now())
    const [renewed] = await access.db
      .update(m3uLines)
      .set({ claimedUntil: until })
      .where(isHeld())
      .returning({ id: m3uLines.id })
    if (renewed) heldUntil = until
  }
  const onRenewError = (error: unknown) =>
    access.log.warn(
      { err: error, lineId: claim.id },
      'Could not renew the claim on a line; will retry',
    )
  return {
    whileHeld: (work) => whileRenewing(renew, onRenewError, work),
    isHeld,
    release: (db) => db.update(m3uLines).set({ claimedUntil: null }).where(isHeld()),
  }
}

/** Logs that a holder's outcome was not recorded: another process took the line's work over. */
export const logTakenOver = (access: SupplierAccess, lineId: string) =>
  access.log.info(
    { lineId },
    'The claim on a line was taken over while its panel call ran; its new holder records the outcome',
  )
