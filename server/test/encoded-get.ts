import { get, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

export type EncodedResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** A GET whose body is kept as it came on the wire (fetch would decode it). */
export function getEncoded(url: string, headers: Record<string, string> = {}) {
  return new Promise<EncodedResponse>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
    }).on('error', reject)
  })
}

/** The body decoded from its Content-Encoding. */
export function decodedBody({ headers, body }: EncodedResponse): Buffer {
  const encoding = headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  if (encoding === undefined) return body
  throw new Error(`Unexpected content-encoding ${encoding}`)
}
