import { stringify } from 'csv-stringify'
import { Readable } from 'node:stream'

/**
 * Spreadsheets run a cell that starts with = + - @ (or tab/CR) as a formula, and several skip
 * leading spaces first; a leading apostrophe makes it text (OWASP's CSV injection advice).
 */
export function neutralizeCell(value: string): string {
  return /^(?:\s*[=+\-@]|[\t\r])/.test(value) ? `'${value}` : value
}

/** A value as a safe CSV cell: empty for none, ISO 8601 for a date. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  return neutralizeCell(value instanceof Date ? value.toISOString() : String(value))
}

/** RFC 4180 CSV (CRLF, quoted where needed, a BOM for spreadsheets) streamed from records. */
export function csvStream(records: AsyncIterable<string[]>): Readable {
  return Readable.from(records).pipe(stringify({ record_delimiter: '\r\n', bom: true }))
}
