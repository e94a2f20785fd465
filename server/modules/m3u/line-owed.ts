import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { HttpError } from '../../lib/http-error'
import { findLine } from './line-changes'
import { linePasswordSecret } from './line-password-secret'
import { insertLineIntent, intentBasis } from './line-intent'
import { supplierAccess } from './supplier-access'

/**
 * Records, in the caller's transaction, that the system owes the person their line (a payment
 * settled): a new line's intent when they have none, or their line still to be made marked owed.
 * A line the panel holds already is left as it is (the settle changed its desired state).
 */
export type OweLine = (tx: Db, personId: string, now: Date) => Promise<void>

/**
 * How a settle owes a person their line, in its transaction; null when this server buys no lines
 * on its own (no panel or no server key). With no package set for new lines nothing is owed: the
 * settle's follow-up then says why, as it did before lines were owed.
 */
export function owedLineFor(app: FastifyInstance): OweLine | null {
  const access = supplierAccess(app)
  if (!access.panel || !access.serverKey) return null
  return async (tx, personId, now) => {
    const line = await findLine(tx, eq(m3uLines.trialRequestId, personId))
    if (line?.supplierId) return
    if (line) {
      await tx
        .update(m3uLines)
        .set({
          nextPushAt: sql`coalesce(${m3uLines.nextPushAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(and(eq(m3uLines.id, line.id), eq(m3uLines.status, 'creating')))
      return
    }
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
    const [person] = await tx.select().from(trialRequests).where(eq(trialRequests.id, personId))
    await insertLineIntent(tx, basis, person!, { createdBy: 'system', now, owedSince: now })
  }
}
