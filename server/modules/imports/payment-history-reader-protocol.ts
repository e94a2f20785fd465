import type { ReadRow } from './payment-history-csv'
import type { ProblemBatch } from './problem-batch'

/** What the reading thread is started with. */
export type ReaderInput = { path: string }

/**
 * What it sends back: a batch (answered by any message once taken, before the next is read),
 * then how many rows the file has, or why it is refused.
 */
export type ReaderMessage =
  | { kind: 'batch'; rows: ReadRow[]; problems: ProblemBatch; bytesRead: number | null }
  | { kind: 'done'; rowCount: number }
  | { kind: 'refused'; statusCode: number; message: string }
