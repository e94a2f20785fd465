import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminRecoveryCodes } from '../../db/schema/admin-recovery-codes'
import { users } from '../../db/schema/users'
import { badRequest } from '../../lib/http-error'
import type { CountedAttempt } from './credential-attempts'
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes'
import { describeTotpSecret, newTotpSecret, totpStep } from './totp'

/**
 * Offers a new secret; it takes effect only once a code from it is confirmed. An authenticator
 * that is on stays on meanwhile: a replacement left unconfirmed changes nothing.
 */
export async function startTwoFactorSetup(
  db: Db,
  user: { id: string; username: string },
  issuer: string,
) {
  const secret = newTotpSecret()
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id))
  return describeTotpSecret(secret, issuer, user.username)
}

/** Replaces the account's recovery codes; answers the new ones, shown once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes()
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId))
  await db
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ codeHash: hashRecoveryCode(code), userId })))
  return codes
}

/**
 * Turns two-factor sign-in on, or moves it to a new authenticator, when `code` comes from the
 * offered secret; answers new recovery codes. The code is a guess like any other: the attempt
 * must have been counted (the second argument).
 */
export async function enableTwoFactor(
  db: Db,
  _counted: CountedAttempt,
  userId: string,
  code: string,
  now: Date,
): Promise<string[]> {
  const [row] = await db
    .select({ pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, userId))
  if (!row?.pending) throw badRequest('Start the setup again: no secret is waiting')
  const step = totpStep(row.pending, code, now)
  if (step === null) throw badRequest('That code is not right. Check the time on your phone.')
  // Only the secret that was confirmed is taken: a second setup started meanwhile left another.
  const swapped = await db
    .update(users)
    .set({ totpSecret: row.pending, totpPendingSecret: null, totpLastStep: step, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, row.pending)))
    .returning({ id: users.id })
  if (swapped.length === 0) throw badRequest('Start the setup again: no secret is waiting')
  return replaceRecoveryCodes(db, userId)
}

export async function disableTwoFactor(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId))
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId))
}

/**
 * Accepts an authenticator code (each step once: the update only succeeds for a newer step) or
 * an unused recovery code (marked used by the same statement that finds it), on a counted attempt.
 */
export async function acceptSecondFactor(
  db: Db,
  _counted: CountedAttempt,
  user: { id: string; totpSecret: string },
  code: string,
  now: Date,
): Promise<boolean> {
  const step = totpStep(user.totpSecret, code.replace(/\s/g, ''), now)
  if (step !== null) {
    const claimed = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id })
    return claimed.length === 1
  }
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        eq(adminRecoveryCodes.userId, user.id),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: adminRecoveryCodes.codeHash })
  return used.length === 1
}
