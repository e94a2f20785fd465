import { pipeline, type Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { CsvError, parse } from 'csv-parse'
import {
  paymentImportColumns,
  paymentImportRow,
  type PaymentImportRow,
} from '../../../common/payment-imports'
import { findTextProblem } from '../../../common/text-rules'
import { badRequest } from '../../lib/http-error'
import type { ProgressReport } from './import-progress'
import type { ProblemLog } from './problem-log'

/** A row that reads well, with the line of the file it starts on. */
export type ReadRow = PaymentImportRow & { line: number }

export type ReadFile = { rows: ReadRow[]; rowCount: number }

type Parsed = { record: string[]; info: { lines: number; bytes: number } }

// Rows read between two progress reports.
const reportEvery = 5000
// The longest the reading runs before letting other requests in (a health check answers in time).
const turnMs = 10
// No row of the file is anywhere near this; a quote never closed stops here, not at the file's end.
const maxRecordBytes = 64 * 1024

function headerOf(record: string[]): string[] {
  const missing = paymentImportColumns.filter((column) => !record.includes(column))
  if (missing.length > 0) {
    throw badRequest(`file: line 1 must name the columns; it lacks ${missing.join(', ')}`)
  }
  return record
}

/** The records of a CSV as they arrive; an error of the source (the upload) ends them. */
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
 * order; each later line is checked on its own, and a row's problems go to `problems` by the line
 * it starts on. Only the rows that read well are kept. The file arrives as bytes, so the text rule
 * every input meets (docs/security.md §8) is met here, cell by cell. `onProgress` hears the bytes
 * read of the file's `totalBytes` every few thousand rows.
 */
export async function readPaymentHistory(
  source: Readable,
  {
    problems,
    totalBytes,
    onProgress = () => {},
  }: { problems: ProblemLog; totalBytes: number; onProgress?: ProgressReport },
): Promise<ReadFile> {
  let header: string[] | null = null
  const rows: ReadRow[] = []
  let rowCount = 0
  let previousEnd = 0
  let bytes = 0
  let turnStarted = performance.now()
  try {
    for await (const { record, info } of recordsOf(source) as AsyncIterable<Parsed>) {
      const line = previousEnd + 1
      previousEnd = info.lines
      bytes = info.bytes
      if (!header) {
        header = headerOf(record)
        continue
      }
      if (performance.now() - turnStarted > turnMs) {
        await nextTurn()
        turnStarted = performance.now()
      }
      if (record.every((cell) => cell === '')) continue
      rowCount += 1
      if (rowCount % reportEvery === 0) onProgress(bytes, totalBytes)
      const cells = Object.fromEntries(header.map((column, i) => [column, record[i] ?? '']))
      const read = problemsOf(cells)
      if (read.row) rows.push({ ...read.row, line })
      for (const problem of read.problems) await problems.add({ line, ...problem })
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
  await problems.flush()
  onProgress(totalBytes, totalBytes)
  return { rows, rowCount }
}
