import { randomUUID } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import {
  paymentImportProblemLimit,
  type PaymentImportProblem,
} from '../../../common/payment-imports'
import type { Db } from '../../db/client'
import { importProblems } from '../../db/schema/import-problems'
import { insertMany } from '../../db/insert-many'
import type { ProblemBatch } from './problem-batch'

/** How long the CSV of every problem can be downloaded after the check. */
export const problemsKeptFor = '1 day'

// Problems written to the database per statement: however many a file has, few are held, and
// none long enough for the garbage collector to move it to the old generation (decision 0040).
const batchSize = 500

type Numbered = PaymentImportProblem & { position: number }

const byLine = (a: Numbered, b: Numbered) => a.line - b.line || a.position - b.position

/**
 * The problems of one upload: counted, the first by line kept for the answer, and every one
 * written to `import_problems` for its sender's download, a batch at a time. Memory stays at a
 * few thousand problems whatever the file (decision 0040).
 */
export class ProblemLog {
  readonly reportId = randomUUID()
  count = 0
  private first: Numbered[] = []
  /** The last of `first` once it is full: a problem after it is not among the first. */
  private cutoff: Numbered | null = null
  private pending: Numbered[] = []
  private hasWritten = false

  constructor(
    private readonly db: Db,
    private readonly userId: string,
  ) {}

  async add(problem: PaymentImportProblem): Promise<void> {
    this.count += 1
    const numbered = { ...problem, position: this.count }
    this.keepIfFirst(numbered)
    this.pending.push(numbered)
    if (this.pending.length >= batchSize) await this.flush()
  }

  /** A batch from the reading thread, written as it came: three arrays, one statement. */
  async addBatch(batch: ProblemBatch): Promise<void> {
    await this.flush()
    const positionBefore = this.count
    batch.first.forEach((problem, i) =>
      this.keepIfFirst({ ...problem, position: positionBefore + 1 + i }),
    )
    this.count += batch.count
    await this.clearExpired()
    await this.db.execute(sql`
      insert into ${importProblems} (report_id, user_id, line, position, field, message)
      select ${this.reportId}::uuid, ${this.userId}::uuid, line, ${positionBefore}::int + n,
        field, message
      from unnest(${batch.lines}::int[], ${batch.fields}::text[], ${batch.messages}::text[])
        with ordinality as problem(line, field, message, n)`)
  }

  async addAll(problems: PaymentImportProblem[]): Promise<void> {
    for (const problem of problems) await this.add(problem)
  }

  /** Writes what is pending; the first write also clears other uploads' expired problems. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return
    const rows = this.pending.map(({ line, field, message, position }) => ({
      reportId: this.reportId,
      userId: this.userId,
      line,
      position,
      field,
      message,
    }))
    this.pending = []
    await this.clearExpired()
    await insertMany(this.db, importProblems, rows)
  }

  /** The first problems by line, at most paymentImportProblemLimit. */
  firstProblems(): PaymentImportProblem[] {
    this.trimFirst()
    return this.first.map(({ line, field, message }) => ({ line, field, message }))
  }

  /** Where the sender downloads them all; null when there are none. */
  csvPath(): string | null {
    return this.count > 0 ? `/api/imports/payments/${this.reportId}/problems.csv` : null
  }

  /** Before the first write: other uploads' problems past their day go. */
  private async clearExpired() {
    if (this.hasWritten) return
    this.hasWritten = true
    await this.db
      .delete(importProblems)
      .where(lt(importProblems.createdAt, sql`now() - ${problemsKeptFor}::interval`))
  }

  /** Kept only if it may be among the first: past the cut-off, later lines never are. */
  private keepIfFirst(numbered: Numbered) {
    if (this.cutoff && byLine(numbered, this.cutoff) >= 0) return
    this.first.push(numbered)
    const isFull = this.first.length >= (this.cutoff ? 2 : 1) * paymentImportProblemLimit
    if (isFull) this.trimFirst()
  }

  private trimFirst() {
    this.first = this.first.sort(byLine).slice(0, paymentImportProblemLimit)
    if (this.first.length === paymentImportProblemLimit) this.cutoff = this.first.at(-1)!
  }
}
