import type { Readable } from 'node:stream'
import { z } from 'zod'

/**
 * A route's answer that is not JSON (a CSV file, an XML feed, an HTML page) as the API reference
 * declares it: its content type and what it holds. Fastify sends a string, buffer or stream as it
 * is, never through the schema, so the handler may send any of them.
 */
export function textAnswer(contentType: string, description: string) {
  const schema = z.string() as z.ZodType<string | Buffer | Readable>
  return { description, content: { [contentType]: { schema } } }
}
