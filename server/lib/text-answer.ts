import type { Readable } from 'node:stream'
import { z } from 'zod'

/**
 * A route's answer that is not built through a schema (a CSV file, an XML feed, an HTML page, a
 * streamed JSON download) as the API reference declares it: its content type, what it holds and,
 * for a structured file, its shape. Fastify sends a string, buffer or stream as it is, never
 * through the schema, so the handler may send any of them.
 */
export function textAnswer(
  contentType: string,
  description: string,
  shape: z.ZodType = z.string(),
) {
  const schema = shape as z.ZodType<string | Buffer | Readable>
  return { description, content: { [contentType]: { schema } } }
}
