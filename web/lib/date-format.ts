/**
 * A date formatter whose `Intl.DateTimeFormat` is made on its first use, not when its module
 * loads: a page's first Intl object loads ICU's data, tens of milliseconds of a phone's main
 * thread that a page showing no date should not spend before it responds.
 */
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined
  return (date) => (format ??= new Intl.DateTimeFormat(locale, options)).format(date)
}
