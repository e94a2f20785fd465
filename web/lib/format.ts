import { dateFormat } from './date-format'
import { englishLongDate } from './english-utc-date'

const dateTimeFormat = dateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const longDateFormat = dateFormat(undefined, { dateStyle: 'long' })
const zonedDateTimeFormat = dateFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})
const shortDateFormat = dateFormat(undefined, { dateStyle: 'medium' })

/** A UTC timestamp from the API shown in the visitor's locale and time zone. */
export function formatDateTime(isoTimestamp: string): string {
  return dateTimeFormat(new Date(isoTimestamp))
}

/** A moment that matters to the hour (a trial's end), with the visitor's time zone named. */
export function formatZonedDateTime(isoTimestamp: string): string {
  return zonedDateTimeFormat(new Date(isoTimestamp))
}

/** The calendar date of a UTC timestamp, in the visitor's locale and time zone. */
export function formatDate(isoTimestamp: string): string {
  return longDateFormat(new Date(isoTimestamp))
}

/**
 * A publication date on a public page ("November 20, 2026"), in one fixed language and zone so
 * the server's HTML and the browser's first render agree.
 */
export function formatPublishedDate(isoTimestamp: string): string {
  return englishLongDate(new Date(isoTimestamp))
}

/** The calendar date in a table's compact form ("Mar 10, 2026"). */
export function formatShortDate(isoTimestamp: string): string {
  return shortDateFormat(new Date(isoTimestamp))
}

/**
 * A money string from the API ("1234.5" or "1234.50") shown as "$1,234.50": text only, never
 * through a float. Prices carry a dollar sign.
 */
export function formatMoney(amount: string): string {
  const [, sign = '', whole = '0', cents = ''] = /^(-?)(\d*)(?:\.(\d*))?$/.exec(amount.trim()) ?? []
  const grouped = (whole || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}$${grouped}.${cents.padEnd(2, '0').slice(0, 2)}`
}

/** "$1,234.50" for dollars (the house's format), "1,234.50 EUR" for any other currency. */
export function formatMoneyIn(amount: string, currency: string): string {
  const dollars = formatMoney(amount)
  return currency === 'USD' ? dollars : `${dollars.replace('$', '')} ${currency}`
}

const byteUnits = ['KB', 'MB', 'GB', 'TB']

/** A file size in bytes, shown in the largest unit under 1,024 of it ("3.4 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  let size = bytes / 1024
  let unit = 0
  while (size >= 1024 && unit < byteUnits.length - 1) {
    size /= 1024
    unit++
  }
  return `${size < 10 ? size.toFixed(1) : Math.round(size)} ${byteUnits[unit]}`
}
