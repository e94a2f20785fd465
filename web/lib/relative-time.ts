import { formatDate } from './format'

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** 'm ago' under an hour, 'h ago' under a day, then the date. */
export function formatRelativeTime(isoTimestamp: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(isoTimestamp))
  if (elapsed < minute) return 'just now'
  if (elapsed < hour) return `${Math.floor(elapsed / minute)}m ago`
  if (elapsed < day) return `${Math.floor(elapsed / hour)}h ago`
  return formatDate(isoTimestamp)
}
