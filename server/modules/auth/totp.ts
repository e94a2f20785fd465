import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

// RFC 6238 with the parameters every authenticator app understands.
const period = 30
const digits = 6

const totpFor = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits, period, secret: Secret.fromBase32(secret) })

/** A new 160-bit secret (RFC 4226 §4 recommends it), base32 as apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

export async function describeTotpSecret(secret: string, issuer: string, username: string) {
  const otpauthUrl = totpFor(secret, issuer, username).toString()
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 })
  return { secret, otpauthUrl, qrCodeSvg }
}

/**
 * The time step a code belongs to when it is valid at `now` (one step either side allowed for
 * clock drift), or null. The caller refuses steps already used, so a code works only once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpFor(secret, 'x', 'x').validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  })
  return delta === null ? null : TOTP.counter({ period, timestamp: now.getTime() }) + delta
}
