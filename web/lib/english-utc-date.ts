// Dates shown in one fixed language and zone, so that the server's HTML and the browser's first
// render agree (the visitor's own zone waits for hydration). Written out rather than through Intl:
// a page's first Intl object costs a phone tens of milliseconds of the hydration it would sit in.

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** "November 20, 2026": a date as en-US writes it in full, in UTC. */
export function englishLongDate(date: Date): string {
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** "Tue, Nov 24": the weekday and day, as en-US writes them short, in UTC. */
export function englishDay(date: Date): string {
  const month = months[date.getUTCMonth()]!.slice(0, 3)
  return `${weekdays[date.getUTCDay()]}, ${month} ${date.getUTCDate()}`
}

/** "Tue, Nov 24, 7:30 PM UTC": the day and the time on a 12-hour clock, in UTC. */
export function englishDayTime(date: Date): string {
  const hours = date.getUTCHours()
  const minutes = String(date.getUTCMinutes()).padStart(2, '0')
  return `${englishDay(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`
}
