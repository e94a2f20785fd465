const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour

/** Time left until `end` as "1d 4h 05m" (or "4h 05m 09s" within a day); null once it has passed. */
export function formatTimeLeft(end: string, now: number): string | null {
  const left = Date.parse(end) - now
  if (!(left > 0)) return null
  const days = Math.floor(left / day)
  const hours = Math.floor((left % day) / hour)
  const minutes = String(Math.floor((left % hour) / minute)).padStart(2, '0')
  const seconds = String(Math.floor((left % minute) / second)).padStart(2, '0')
  return days > 0 ? `${days}d ${hours}h ${minutes}m` : `${hours}h ${minutes}m ${seconds}s`
}
