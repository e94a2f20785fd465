import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { HttpError } from '../../lib/http-error'
import { linePasswordSecret } from './line-password-secret'
import { insertLineIntent, intentBasis } from './line-intent'
import { supplierAccess } from './supplier-access'

/**
 * Records, in the caller's transaction, that the system owes the person their line (a payment
 * settled): a new line's intent when they have none, or their line still to be made marked owed.
 * A line the panel holds already is left as it is (the settle changed its desired state).
 */
export type OweLine = (tx: Db, personId: string, now: Date) => Promise<void>

/** OweLine for many people at once (an imported history's paying customers). */
export type OweLines = (tx: Db, personIds: string[], now: Date) => Promise<void>

/**
 * How the system owes people their lines, in the caller's transaction; null when this server buys
 * no lines on its own (no panel or no server key). With no package set for new lines nothing is
 * owed: the caller's follow-up then says why, as it did before lines were owed. The left-lines
 * round (leftLinesRound) makes what its caller's follow-up does not.
 */
export function owedLinesFor(app: FastifyInstance): OweLines | null {
  const access = supplierAccess(app)
  if (!access.panel || !access.serverKey) return null
  return async (tx, personIds, now) => {
    if (personIds.length === 0) return
    const lines = await tx
      .select({
        id: m3uLines.id,
        personId: m3uLines.trialRequestId,
        supplierId: m3uLines.supplierId,
      })
      .from(m3uLines)
      .where(inArray(m3uLines.trialRequestId, personIds))
    const unmade = lines.filter((line) => !line.supplierId).map((line) => line.id)
    if (unmade.length > 0) {
      await tx
        .update(m3uLines)
        .set({
          nextPushAt: sql`coalesce(${m3uLines.nextPushAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(and(inArray(m3uLines.id, unmade), eq(m3uLines.status, 'creating')))
    }
    const withLine = new Set(lines.map((line) => line.personId))
    const lineless = personIds.filter((id) => !withLine.has(id))
    if (lineless.length === 0) return
    // Read in the transaction: on PGlite another statement would wait for it to end.
    const within = {
      ...access,
      db: tx,
      passwordSecret: () => linePasswordSecret(tx, app.config.linePasswordSecret),
    }
    const basis = await intentBasis(within).catch((error: unknown) => {
      if (error instanceof HttpError) return null
      throw error
    })
    if (!basis) return
    const people = await tx.select().from(trialRequests).where(inArray(trialRequests.id, lineless))
    for (const person of people) {
      await insertLineIntent(tx, basis, person, { createdBy: 'system', now, owedSince: now })
    }
  }
}

/** OweLine of one person (a settled payment's), as owedLinesFor owes many. */
export function owedLineFor(app: FastifyInstance): OweLine | null {
  const oweLines = owedLinesFor(app)
  return oweLines && ((tx, personId, now) => oweLines(tx, [personId], now))
}
