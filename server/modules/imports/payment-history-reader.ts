import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { HttpError } from '../../lib/http-error'
import type { ProgressReport } from './import-progress'
import type { ReadFile, ReadRow } from './payment-history-csv'
import type { ReaderInput, ReaderMessage } from './payment-history-reader-protocol'
import type { ProblemLog } from './problem-log'

// The reading thread's heap: its garbage is collected within these bounds, however large the
// file, and what it holds at once is a batch (decision 0040).
const resourceLimits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 }

/**
 * The reading thread. Built, its entry is a file beside the server's bundle
 * (scripts/build-server.mjs); from the TypeScript sources, tsx compiles it as it does the rest,
 * with its CommonJS hook: half the CPU of its ES module hooks, which Node runs on a thread of
 * their own (0.22 s against 0.44 s of a core for each reading thread).
 */
function startReader(input: ReaderInput): Worker {
  const options = { workerData: input, resourceLimits }
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./payment-history-worker.js', import.meta.url), options)
  }
  const entry = JSON.stringify(
    fileURLToPath(new URL('./payment-history-worker.ts', import.meta.url)),
  )
  const code = `require('tsx/cjs/api').register(); require(${entry})`
  return new Worker(code, { ...options, eval: true })
}

/**
 * Reads the payment history file at `path` on a thread of its own, so that parsing and checking
 * rows (the work that grows with the file) neither holds up other requests nor grows the server's
 * heap: rows that read well come back, problems go to `problems`, `onProgress` hears the bytes
 * read of `totalBytes`.
 */
export async function readPaymentHistoryFile(
  path: string,
  {
    problems,
    totalBytes,
    onProgress = () => {},
  }: { problems: ProblemLog; totalBytes: number; onProgress?: ProgressReport },
): Promise<ReadFile> {
  const reader = startReader({ path })
  const rows: ReadRow[] = []
  try {
    const rowCount = await new Promise<number>((resolve, reject) => {
      const take = async (message: ReaderMessage) => {
        if (message.kind === 'done') return resolve(message.rowCount)
        if (message.kind === 'refused')
          return reject(new HttpError(message.statusCode, message.message))
        for (const row of message.rows) rows.push(row)
        if (message.problems.count > 0) await problems.addBatch(message.problems)
        if (message.bytesRead !== null) onProgress(message.bytesRead, totalBytes)
        reader.postMessage('next')
      }
      reader.on('message', (message: ReaderMessage) => take(message).catch(reject))
      reader.on('error', reject)
      reader.on('exit', (code) =>
        reject(new Error(`The import's reading thread stopped (${code})`)),
      )
    })
    await problems.flush()
    onProgress(totalBytes, totalBytes)
    return { rows, rowCount }
  } finally {
    await reader.terminate()
  }
}
