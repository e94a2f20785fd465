import type { CountedAttempt } from './credential-attempts'
import { getDecoyHash, verifyPassword } from '../../lib/passwords'

/**
 * Whether `password` matches the stored hash. With no account (`stored` null) a decoy hash is
 * checked, so a wrong username costs as long as a wrong password. The attempt must have been
 * counted first (`countedAttempt(request)`), which is what the first argument proves.
 */
export async function checkPassword(
  _counted: CountedAttempt,
  password: string,
  stored: string | null,
): Promise<boolean> {
  const isValid = await verifyPassword(password, stored ?? (await getDecoyHash()))
  return stored !== null && isValid
}
