const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
})

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' })

/** A UTC timestamp from the API shown in the visitor's locale and time zone. */
export function formatDateTime(isoTimestamp: string): string {
  return dateTimeFormat.format(new Date(isoTimestamp))
}

/** The calendar date of a UTC timestamp, in the visitor's locale and time zone. */
export function formatDate(isoTimestamp: string): string {
  return dateFormat.format(new Date(isoTimestamp))
}
