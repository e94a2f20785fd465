import { randomBytes } from 'node:crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'

/** A restore's one-time codes sign in for a day (decision 0051). */
export const oneTimeCodeLifetimeMs = 24 * 60 * 60 * 1000

/** What `password` holds while an account has none: no password ever matches it. */
export const noPassword = '!'

/** 20 characters of base32 (100 bits), in groups of five for reading out: `ABCDE-FGHIJ-…`. */
export function makeOneTimeCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const characters = [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length])
  return characters.join('').match(/.{5}/g)!.join('-')
}

/**
 * Uses up the code an account signed in with: its hash is replaced by `noPassword`, only if it is
 * still the one checked, so of two sign-ins with the same code only one gets a session.
 */
export async function spendOneTimeCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const spent = await db
    .update(users)
    .set({ password: noPassword, passwordCodeExpiresAt: null })
    .where(
      and(
        eq(users.id, userId),
        eq(users.password, codeHash),
        isNotNull(users.passwordCodeExpiresAt),
      ),
    )
    .returning({ id: users.id })
  return spent.length > 0
}
