import type { Config } from '../../config'
import { invalidField } from '../../lib/http-error'
import type { RateLimiter } from '../rate-limits/rate-limiter'
import { enforceLimit, type Limit } from '../rate-limits/limits'
import { addressOf, type Mailer } from './mailer'

/** An admin tests the mail server, not a mailing: a few an hour each, across processes. */
export const testSendLimit: Limit = { name: 'message-test', limit: 5, windowMs: 60 * 60_000 }

/**
 * Where a test may go: the installation's own addresses (SUPPORT_EMAIL, MAIL_FROM's), chosen by
 * whoever set up the server. Admins have no address of their own on record, and a typed one
 * would let any admin send our mail, with words they wrote, to anyone.
 */
export function testRecipients(config: Config, mailer: Mailer | null): string[] {
  if (!mailer) return []
  const addresses = [config.supportEmail, addressOf(mailer.from)]
  return [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()]
}

/** 400 naming `to` unless it is one of the test addresses; then 429 past the admin's limit. */
export async function admitTestSend(
  { config, mailer, rateLimiter }: { config: Config; mailer: Mailer; rateLimiter: RateLimiter },
  adminId: string,
  to: string,
  now: Date,
): Promise<void> {
  const allowed = testRecipients(config, mailer)
  if (!allowed.some((address) => address.toLowerCase() === to.toLowerCase())) {
    throw invalidField('to', `A test goes to ${allowed.join(' or ')} only`)
  }
  await enforceLimit(rateLimiter, testSendLimit, adminId, now)
}
