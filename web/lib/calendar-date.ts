import { dateFormat } from './date-format'

const calendarDateFormat = dateFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

/** Today in the browser's time zone as YYYY-MM-DD, the value of a date input. */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * A date entered as a calendar day (stored as that day's UTC midnight) shown as that same day,
 * wherever the reader is: in local time it would be the day before west of Greenwich.
 */
export function formatCalendarDate(isoTimestamp: string): string {
  return calendarDateFormat(new Date(isoTimestamp))
}
