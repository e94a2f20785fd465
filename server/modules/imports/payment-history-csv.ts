import { parse } from 'csv-parse/sync'
import {
  paymentImportColumns,
  paymentImportRow,
  type PaymentImportProblem,
  type PaymentImportRow,
} from '../../../common/payment-imports'
import { findTextProblem } from '../../../common/text-rules'
import { badRequest } from '../../lib/http-error'

/** A row that reads well, with the line of the file it starts on. */
export type ReadRow = PaymentImportRow & { line: number }

export type ReadFile = { rows: ReadRow[]; problems: PaymentImportProblem[]; rowCount: number }

type Parsed = { record: string[]; info: { lines: number } }

function parseRecords(text: string): Parsed[] {
  try {
    // Empty lines are kept (and passed over below) so that each record's first line is the line
    // after the previous record's last: a quoted cell may span lines.
    const options = { bom: true, trim: true, relax_column_count: true, info: true }
    return parse(text, options) as unknown as Parsed[]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw badRequest(`file: not readable as CSV${line ? ` at line ${line}` : ''}`)
  }
}

function headerOf(record: string[]): string[] {
  const missing = paymentImportColumns.filter((column) => !record.includes(column))
  if (missing.length > 0) {
    throw badRequest(`file: line 1 must name the columns; it lacks ${missing.join(', ')}`)
  }
  return record
}

/**
 * Reads a payment history file: its header (line 1) names the columns, in any order; each later
 * line is checked on its own, and a row's problems are given by the line it starts on.
 */
export function readPaymentHistory(text: string): ReadFile {
  const records = parseRecords(text)
  if (records.length === 0) throw badRequest('file: it is empty; line 1 must name the columns')
  const header = headerOf(records[0]!.record)
  const rows: ReadRow[] = []
  const problems: PaymentImportProblem[] = []
  let rowCount = 0
  let previousEnd = records[0]!.info.lines
  for (const { record, info } of records.slice(1)) {
    const line = previousEnd + 1
    previousEnd = info.lines
    if (record.every((cell) => cell === '')) continue
    rowCount += 1
    const cells = Object.fromEntries(header.map((column, i) => [column, record[i] ?? '']))
    // The rule every text input meets (the input guard's, which sees an upload as bytes).
    const unfit = findTextProblem(cells, { allowLineBreaks: false })
    if (unfit) {
      problems.push({ line, field: unfit.path, message: unfit.message })
      continue
    }
    const read = paymentImportRow.safeParse(cells)
    if (read.success) {
      rows.push({ ...read.data, line })
      continue
    }
    // One problem a cell: an amount that is not a number is not also "not more than 0".
    const fields = new Set<string | null>()
    for (const issue of read.error.issues) {
      const field = String(issue.path[0] ?? '') || null
      if (!fields.has(field)) problems.push({ line, field, message: issue.message })
      fields.add(field)
    }
  }
  return { rows, problems, rowCount }
}
