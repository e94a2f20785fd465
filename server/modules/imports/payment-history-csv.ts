import { pipeline, type Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
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

export type ReadFile = { rows: ReadRow[]; rowCount: number }

/** Where the reading puts what it finds; it waits for each promise before reading on. */
export type ReadSink = {
  row: (row: ReadRow) => void | Promise<void>
  problem: (problem: PaymentImportProblem) => void | Promise<void>
  /** The bytes read so far, every few thousand rows. */
  progress: (bytesRead: number) => void | Promise<void>
}

type Parsed = { record: string[]; info: { lines: number; bytes: number } }

// Rows read between two progress reports.
const reportEvery = 5000
// No row of the file is anywhere near this; a quote never closed stops here, not at the file's end.
const maxRecordBytes = 64 * 1024

function headerOf(record: string[]): string[] {
  const missing = paymentImportColumns.filter((column) => !record.includes(column))
  if (missing.length > 0) {
    throw badRequest(`file: line 1 must name the columns; it lacks ${missing.join(', ')}`)
  }
  return record
}

/** The records of a CSV as they arrive; an error of the source (the file) ends them. */
function recordsOf(source: Readable): Readable {
  // Empty lines are kept (and passed over below) so that each record's first line is the line
  // after the previous record's last: a quoted cell may span lines.
  const parser = parse({
    bom: true,
    trim: true,
    relax_column_count: true,
    info: true,
    max_record_size: maxRecordBytes,
  })
  return pipeline(source, parser, () => {})
}

/** A row's problems: the text rule first, then one problem a cell (bad, not also too small). */
function problemsOf(cells: Record<string, string>) {
  // The rule every text input meets (the input guard's, which sees an upload as bytes).
  const unfit = findTextProblem(cells, { allowLineBreaks: false })
  if (unfit) return { problems: [{ field: unfit.path, message: unfit.message }] }
  const read = paymentImportRow.safeParse(cells)
  if (read.success) return { row: read.data, problems: [] }
  const fields = new Set<string | null>()
  const problems: { field: string | null; message: string }[] = []
  for (const issue of read.error.issues) {
    const field = String(issue.path[0] ?? '') || null
    if (!fields.has(field)) problems.push({ field, message: issue.message })
    fields.add(field)
  }
  return { problems }
}

/**
 * Reads a payment history file a chunk at a time: its header (line 1) names the columns, in any
 * order; each later line is checked on its own, and goes to `sink` as a row that reads well or as
 * its problems, by the line it starts on. The file arrives as bytes, so the text rule every input
 * meets (docs/security.md §8) is met here, cell by cell. Answers how many rows the file has.
 */
export async function readPaymentHistory(source: Readable, sink: ReadSink): Promise<number> {
  let header: string[] | null = null
  let rowCount = 0
  let previousEnd = 0
  try {
    for await (const { record, info } of recordsOf(source) as AsyncIterable<Parsed>) {
      const line = previousEnd + 1
      previousEnd = info.lines
      if (!header) {
        header = headerOf(record)
        continue
      }
      if (record.every((cell) => cell === '')) continue
      rowCount += 1
      if (rowCount % reportEvery === 0) await sink.progress(info.bytes)
      const cells = Object.fromEntries(header.map((column, i) => [column, record[i] ?? '']))
      const read = problemsOf(cells)
      if (read.row) await sink.row({ ...read.row, line })
      for (const problem of read.problems) await sink.problem({ line, ...problem })
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const line = (error as { lines?: number }).lines
    throw badRequest(`file: not readable as CSV${line ? ` at line ${line}` : ''}`)
  } finally {
    // A file refused part-way is closed, not read on.
    source.destroy()
  }
  if (!header) throw badRequest('file: it is empty; line 1 must name the columns')
  return rowCount
}
