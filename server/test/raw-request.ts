import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

export type RawResponse = {
  status: number
  contentType: string
  text: string
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown
  headers: IncomingHttpHeaders
}

type RawOptions = { headers?: Record<string, string>; body?: string }

/**
 * Sends `path` exactly as written: unlike fetch or URL, node's http client neither resolves dot
 * segments nor re-encodes, so the server sees the spelling an attacker would send.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  { headers = {}, body }: RawOptions = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl)
  const sent =
    body === undefined ? headers : { ...headers, 'content-length': `${Buffer.byteLength(body)}` }
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, method, path, headers: sent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const contentType = response.headers['content-type'] ?? ''
        let json: unknown
        if (contentType.includes('application/json') && text) json = JSON.parse(text)
        const { headers } = response
        resolve({ status: response.statusCode ?? 0, contentType, text, json, headers })
      })
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
