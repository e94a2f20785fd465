import { setImmediate as nextTurn } from 'node:timers/promises'
import { parse } from 'csv-parse/sync'
import {
  paymentImportColumns,
  paymentImportRow,
  type PaymentImportProblem,
  type PaymentImportRow,
} from '../../../common/payment-imports'
import { findTextProblem } from '../../../common/text-rules'
import { badRequest } from '../../lib/http-error'
import type { ProgressReport } from './import-progress'

/** A row that reads well, with the line of the file it starts on. */
export type ReadRow = PaymentImportRow & { line: number }

export type ReadFile = { rows: ReadRow[]; problems: PaymentImportProblem[]; rowCount: number }

type Parsed = { record: string[]; info: { lines: number } }

// Rows checked between two turns of the event loop, each followed by a progress report.
const sliceSize = 5000

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
 * line is checked on its own, and a row's problems are given by the line it starts on. The file
 * arrives as bytes, so the text rule every input meets (docs/security.md §8) is met here, cell
 * by cell. Rows are checked a slice at a time, yielding between slices, with `onProgress` told.
 */
export async function readPaymentHistory(
  text: string,
  onProgress: ProgressReport = () => {},
): Promise<ReadFile> {
  const records = parseRecords(text)
  if (records.length === 0) throw badRequest('file: it is empty; line 1 must name the columns')
  const header = headerOf(records[0]!.record)
  const rows: ReadRow[] = []
  const problems: PaymentImportProblem[] = []
  let rowCount = 0
  let previousEnd = records[0]!.info.lines
  const total = records.length - 1
  for (let index = 1; index < records.length; index += 1) {
    const readSoFar = index - 1
    if (readSoFar > 0 && readSoFar % sliceSize === 0) {
      onProgress(readSoFar, total)
      await nextTurn()
    }
    const { record, info } = records[index]!
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
  onProgress(total, total)
  return { rows, problems, rowCount }
}
