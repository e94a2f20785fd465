import { createHmac } from 'node:crypto'

// Panels accept usernames of letters and digits; XUI.ONE allows 6 to 30 characters.
const usernamePattern = /^[a-z0-9]{6,30}$/
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const passwordLength = 16

function checked(username: string): string {
  if (!usernamePattern.test(username)) throw new Error(`Not a panel username: ${username}`)
  return username
}

/**
 * The panel username of a subscriber's line: `sl` and the subscription id's eight characters,
 * lower-cased (`SUB-7K2M9QXA` → `sl7k2m9qxa`), so an admin finds the person from the panel.
 */
export function subscriptionLineUsername(subscriptionId: string): string {
  const match = /^SUB-([A-Z0-9]{8})$/i.exec(subscriptionId)
  if (!match) throw new Error(`Not a subscription id: ${subscriptionId}`)
  return checked(`sl${match[1]!.toLowerCase()}`)
}

/**
 * The panel username of a line bought from the M3U form, which has no person: `sl` and the first
 * 48 bits of the order's UUID in base 36, padded to 10 characters. At 12 characters it can never
 * equal a subscriber's (10), and a retried order makes the same one.
 */
export function orderLineUsername(orderId: string): string {
  const hex = orderId.replaceAll('-', '').slice(0, 12)
  if (!/^[0-9a-f]{12}$/i.test(hex)) throw new Error(`Not an order id: ${orderId}`)
  return checked(`sl${BigInt(`0x${hex}`).toString(36).padStart(10, '0')}`)
}

/**
 * A line's password: 16 base-62 characters (95 bits) of HMAC-SHA256 of the order's idempotency
 * reference under the server's secret. A retried order sends the same password, so a line the
 * panel made before its answer was lost is recognised as ours; nobody without the secret can
 * derive it from the reference.
 */
export function linePassword(secret: string, reference: string): string {
  let value = BigInt(
    `0x${createHmac('sha256', secret).update(`m3u-line-password\0${reference}`).digest('hex')}`,
  )
  let password = ''
  // 256 bits hold 42 base-62 digits; the first 16 are as good as uniform.
  for (let i = 0; i < passwordLength; i++) {
    password += base62[Number(value % 62n)]
    value /= 62n
  }
  return password
}

/** Notes for the panel: our reference first, so an admin reading the panel knows whose it is. */
export function panelNotes(reference: string, notes: string | null): string {
  return notes ? `StreamLine ${reference}: ${notes}` : `StreamLine ${reference}`
}
