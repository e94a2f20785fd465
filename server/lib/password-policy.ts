import { dictionary } from '@zxcvbn-ts/language-common'

export const minPasswordLength = 12

// zxcvbn-ts's list of the ~50,000 passwords most often found in breaches (NIST SP 800-63B §5.1.1.2).
const commonPasswords = new Set(dictionary['passwords-common'])

/**
 * Why a new admin password is refused, or null when it is acceptable: at least 12 characters,
 * not a common password (nor one with digits or symbols tacked on), not the username.
 */
export function passwordProblem(password: string, username?: string): string | null {
  if ([...password].length < minPasswordLength) {
    return `Password must be at least ${minPasswordLength} characters`
  }
  const folded = password.normalize('NFKC').toLowerCase()
  const stem = folded.replace(/[\d\W_]+$/u, '')
  if (commonPasswords.has(folded) || commonPasswords.has(stem)) {
    return 'This password is too common. Choose one that is hard to guess.'
  }
  if (username && folded.includes(username.toLowerCase())) {
    return 'Password must not contain the username'
  }
  return null
}
