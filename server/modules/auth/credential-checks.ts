import type { CountedAttempt } from './credential-attempts'
import { getDecoyHash, verifyPassword, type ScryptCost } from '../../lib/passwords'

/**
 * Whether `password` matches the stored hash. With no account (`stored` null) a decoy hash at
 * `cost` (the app's `passwordCost`) is checked, so a wrong username costs as long as a wrong
 * password. The attempt must have been counted first (`countedAttempt(request)`), which is what
 * the first argument proves.
 */
export async function checkPassword(
  _counted: CountedAttempt,
  password: string,
  stored: string | null,
  cost: ScryptCost,
): Promise<boolean> {
  const isValid = await verifyPassword(password, stored ?? (await getDecoyHash(cost)))
  return stored !== null && isValid
}
