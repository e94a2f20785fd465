import { randomInt } from 'node:crypto'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** `SUB-` and eight random uppercase letters or digits (36^8 ≈ 2.8 × 10^12 ids). */
export function newSubscriptionId(): string {
  let id = 'SUB-'
  for (let i = 0; i < 8; i++) id += alphabet[randomInt(alphabet.length)]
  return id
}
