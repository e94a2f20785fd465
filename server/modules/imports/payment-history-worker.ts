// The entry of the thread that reads an upload (payment-history-reader.ts): the file's rows go
// back in batches, each waiting for the main thread to take it, so neither side holds more than a
// batch whatever the file's size (decision 0040).
import { createReadStream } from 'node:fs'
import { once } from 'node:events'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { PaymentImportProblem } from '../../../common/payment-imports'
import { HttpError } from '../../lib/http-error'
import { readPaymentHistory, type ReadRow } from './payment-history-csv'
import { problemBatch } from './problem-batch'
import type { ReaderInput, ReaderMessage } from './payment-history-reader-protocol'

// As many problems as the main thread writes in one statement (problem-log.ts); rows are smaller.
const problemsPerBatch = 500
const rowsPerBatch = 1000
// Small reads: each chunk's garbage is short-lived.
const chunkBytes = 16 * 1024

// Reading is background work: on Linux a thread's priority is its own, so the main thread (and
// the requests it answers) goes first when the cores are busy.
setPriority(10)

const port = parentPort!
const { path } = workerData as ReaderInput

let rows: ReadRow[] = []
let problems: PaymentImportProblem[] = []
let problemsSent = 0

async function send(bytesRead: number | null) {
  const batch = problemBatch(problems, problemsSent)
  const message: ReaderMessage = { kind: 'batch', rows, problems: batch, bytesRead }
  problemsSent += problems.length
  rows = []
  problems = []
  port.postMessage(message)
  await once(port, 'message')
}

function post(message: ReaderMessage) {
  port.postMessage(message)
}

/** Reads the file through, a batch at a time, and says how it ended. */
async function readFile(): Promise<void> {
  try {
    const source = createReadStream(path, { highWaterMark: chunkBytes })
    const rowCount = await readPaymentHistory(source, {
      row: (row) => {
        rows.push(row)
        return rows.length >= rowsPerBatch ? send(null) : undefined
      },
      problem: (problem) => {
        problems.push(problem)
        return problems.length >= problemsPerBatch ? send(null) : undefined
      },
      progress: (bytesRead) => send(bytesRead),
    })
    if (rows.length > 0 || problems.length > 0) await send(null)
    post({ kind: 'done', rowCount })
  } catch (error) {
    // The caller's mistake crosses as words; anything else is the thread's error (a 500).
    if (!(error instanceof HttpError)) throw error
    post({ kind: 'refused', statusCode: error.statusCode, message: error.message })
  }
}

// Not awaited at the top, so that the entry loads as CommonJS too, as it does from the sources
// (payment-history-reader.ts). A rejection still ends the thread with its error.
void readFile()
