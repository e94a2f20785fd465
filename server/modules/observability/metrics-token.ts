import { createHash, timingSafeEqual } from 'node:crypto'

// Hashed first, so that tokens of any length compare in the same time.
const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether an Authorization header is `Bearer {METRICS_TOKEN}`: the scraper's credential for
 * /metrics and the readiness detail. Never, when no token is set.
 */
export function holdsMetricsToken(token: string | null | undefined, authorization?: string) {
  if (!token) return false
  return timingSafeEqual(digest(authorization ?? ''), digest(`Bearer ${token}`))
}
