import { Agent, request } from 'node:http'

/**
 * Requests over one kept-alive connection with node:http: a latency bench measures the server,
 * and fetch's own cost per call (about a millisecond on this machine) would be most of a fast
 * answer's time. Answers the status once the body has been read.
 */
export function keepAliveClient(baseUrl: string, headers: Record<string, string> = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  function send(method: string, path: string, body?: unknown): Promise<number> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      const outgoing = request(
        new URL(path, baseUrl),
        {
          method,
          agent,
          headers: {
            ...headers,
            ...(payload && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            }),
          },
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode!))
          response.on('error', reject)
        },
      )
      outgoing.on('error', reject)
      outgoing.end(payload)
    })
  }
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    close: () => agent.destroy(),
  }
}
