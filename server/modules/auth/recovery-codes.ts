import { createHash, randomInt } from 'node:crypto'

const count = 10
// No 0/o, 1/l/i: a code copied by hand from paper must not be ambiguous.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'

function randomCode(): string {
  const characters = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `${characters.slice(0, 5)}-${characters.slice(5)}`
}

/** Ten new one-time codes (about 49 bits each); only their hashes are stored. */
export const newRecoveryCodes = () => Array.from({ length: count }, randomCode)

/** Codes are compared without dashes, spaces or case, as people type them. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex')
