import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { once } from 'node:events'
import { HttpError } from '../../lib/http-error'

/** 413 for a file over `maxBytes`, in words. */
export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, `file: larger than ${maxBytes / 1024 / 1024} MB; split it into smaller files`)

/**
 * Runs `use` on the upload saved to a file of its own, removed afterwards. Saved at the network's
 * pace, the request ends in seconds (its 30-second limit covers receiving it), and the server
 * then reads the file at its own pace, never holding it whole. Past `maxBytes`: 413, with the
 * rest of the upload let through unread so that the answer can be sent.
 */
export async function withSpooledUpload<T>(
  source: Readable,
  maxBytes: number,
  use: (path: string, bytes: number) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'payment-import-'))
  try {
    const path = join(dir, 'upload.csv')
    const file = createWriteStream(path)
    let bytes = 0
    try {
      for await (const chunk of source.iterator({
        destroyOnReturn: false,
      }) as AsyncIterable<Buffer>) {
        bytes += chunk.length
        if (bytes > maxBytes) throw fileTooLarge(maxBytes)
        if (!file.write(chunk)) await once(file, 'drain')
      }
    } catch (error) {
      source.resume()
      throw error
    } finally {
      file.end()
      await finished(file)
    }
    return await use(path, bytes)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
