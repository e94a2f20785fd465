import { and, asc, eq, gt, gte, or, sql } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import type { Db } from '../../db/client'
import { importProblems } from '../../db/schema/import-problems'
import { csvCell, csvStream } from '../../lib/csv-export'
import { notFound } from '../../lib/http-error'
import { problemsKeptFor } from './problem-log'

const pageSize = 5000

type ProblemRow = { line: number; position: number; field: string | null; message: string }

function page(db: Db, reportId: string, userId: string, after: ProblemRow | null) {
  return db
    .select({
      line: importProblems.line,
      position: importProblems.position,
      field: importProblems.field,
      message: importProblems.message,
    })
    .from(importProblems)
    .where(
      and(
        eq(importProblems.reportId, reportId),
        eq(importProblems.userId, userId),
        gte(importProblems.createdAt, sql`now() - ${problemsKeptFor}::interval`),
        after
          ? or(
              gt(importProblems.line, after.line),
              and(eq(importProblems.line, after.line), gt(importProblems.position, after.position)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(importProblems.line), asc(importProblems.position))
    .limit(pageSize)
}

async function* records(db: Db, reportId: string, userId: string, first: ProblemRow[]) {
  yield ['line', 'field', 'problem']
  let batch = first
  for (;;) {
    for (const row of batch) yield [String(row.line), csvCell(row.field), csvCell(row.message)]
    if (batch.length < pageSize) return
    batch = await page(db, reportId, userId, batch.at(-1)!)
  }
}

/**
 * Every problem of an upload, by line, as a CSV streamed a page at a time: only to the admin who
 * sent the file, and for a day. Unknown, someone else's or expired: 404 before the file starts.
 */
export async function problemsCsv(db: Db, reportId: string, userId: string): Promise<Readable> {
  const first = await page(db, reportId, userId, null)
  if (first.length === 0) {
    throw notFound(
      'These problems are no longer kept (a day after the check): check the file again',
    )
  }
  return csvStream(records(db, reportId, userId, first))
}
