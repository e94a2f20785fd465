import { createServer, type IncomingMessage } from 'node:http'

export type SupplierMode = 'ok' | 'no-credits' | 'hang' | 'bad-json' | 'server-error'

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

/**
 * A local stand-in for an XUI.one reseller panel: POST /api.php?api_key=…&action=create_line
 * with form fields, answering `{ result, data: { username, password, exp_date, status } }`.
 * It records every call (so tests can look for leaked keys) and remembers orders by reference.
 */
export async function startFakeSupplier(apiKey = 'supplier-secret-key') {
  let mode: SupplierMode = 'ok'
  const calls: { query: URLSearchParams; form: URLSearchParams }[] = []
  const sold = new Map<string, object>()
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const form = new URLSearchParams(await readBody(request))
    calls.push({ query: url.searchParams, form })
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    if (url.pathname !== '/api.php' || url.searchParams.get('action') !== 'create_line')
      return reply(404, { result: false, error: 'Unknown action' })
    if (url.searchParams.get('api_key') !== apiKey)
      return reply(401, { result: false, error: 'Invalid API key' })
    if (mode === 'hang') return
    if (mode === 'bad-json') return reply(200, '<html>Maintenance</html>')
    if (mode === 'server-error') return reply(500, { result: false })
    if (mode === 'no-credits') return reply(200, { result: false, error: 'Not enough credits' })
    const reference = form.get('reference') ?? ''
    const line = sold.get(reference) ?? {
      id: 1000 + sold.size,
      username: `line${1000 + sold.size}`,
      password: `pw${reference.slice(0, 6)}`,
      exp_date: String(Math.floor(Date.UTC(2027, 0, 1) / 1000)),
      status: 'active',
      max_connections: form.get('max_connections'),
      api_key: url.searchParams.get('api_key'),
    }
    sold.set(reference, line)
    reply(200, { result: true, data: line })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    apiKey,
    apiUrl: `http://127.0.0.1:${port}/api.php`,
    calls,
    sold,
    setMode: (next: SupplierMode) => (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
