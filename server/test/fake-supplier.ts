import { createServer, type IncomingMessage } from 'node:http'
import { createPanelState, type Answer } from './fake-panel-state'

/**
 * How the fake panel misbehaves: `html-error` answers a PHP error page with HTTP 200 and
 * `server-error` a 500, both without acting; `slow` acts, then answers after `slowMs`;
 * `lose-answer` acts, then drops the connection without a word; `hang` neither acts nor answers,
 * holding the connection open until the client gives up (a panel stuck before reading the call).
 */
export type SupplierMode = 'ok' | 'html-error' | 'server-error' | 'slow' | 'lose-answer' | 'hang'

export type SupplierCall = {
  method: string
  action: string | null
  query: URLSearchParams
  form: URLSearchParams
  contentType: string | null
  /** When it arrived (performance.now()), for the pace of bulk work. */
  at: number
}

type Options = {
  /** A reseller's key: it has credits and sees its own lines. */
  apiKey?: string
  /** An admin's key: no credits, sees every line. */
  adminKey?: string
  credits?: number
  slowMs?: number
}

const phpErrorPage =
  '<br />\n<b>Fatal error</b>:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused ' +
  'in /home/xui/admin/api.php:42\nStack trace:\n#0 {main}\n  thrown in <b>/home/xui/admin/api.php</b> on line <b>42</b><br />\n'

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

/**
 * A local XUI.ONE admin API (docs/supplier-panel.md §1) at `/api.php?api_key=KEY&action=ACTION`:
 * reads are GET with query parameters, writes POST with a form body. It records every call, so
 * tests can check what was sent and that the key went nowhere but the query.
 */
export async function startFakeSupplier({
  apiKey = 'supplier-secret-key',
  adminKey = 'supplier-admin-key',
  credits = 100,
  slowMs = 2_000,
}: Options = {}) {
  const state = createPanelState({ credits })
  // The mode of each action named, else of every action ('*').
  let modes = new Map<string, SupplierMode>()
  const calls: SupplierCall[] = []
  const timers = new Set<NodeJS.Timeout>()
  // Per action, the next call's hold: it answers once its call has arrived, when released.
  const holds = new Map<string, () => Promise<void>>()

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const contentType = request.headers['content-type'] ?? null
    const body = await readBody(request)
    // Only a form body is read, as PHP's $_POST would be.
    const form = new URLSearchParams(
      contentType?.startsWith('application/x-www-form-urlencoded') ? body : '',
    )
    const action = url.searchParams.get('action')
    calls.push({
      method: request.method ?? '',
      action,
      query: url.searchParams,
      form,
      contentType,
      at: performance.now(),
    })
    const hold = holds.get(action ?? '')
    if (hold) {
      holds.delete(action ?? '')
      await hold()
    }

    const send = ({ httpStatus, body: answer }: Answer) => {
      response.writeHead(httpStatus, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer))
    }
    const mode = modes.get(action ?? '') ?? modes.get('*') ?? 'ok'
    const misbehaves = mode !== 'ok'
    if (misbehaves && mode === 'html-error') {
      response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' })
      return response.end(phpErrorPage)
    }
    if (misbehaves && mode === 'hang') return
    if (misbehaves && mode === 'server-error') {
      response.writeHead(500, { 'content-type': 'text/html' })
      return response.end('<h1>500 Internal Server Error</h1>')
    }
    if (url.pathname !== '/api.php') return send({ httpStatus: 404, body: {} })
    const key = url.searchParams.get('api_key') ?? ''
    if (key !== apiKey && key !== adminKey) {
      return send({ httpStatus: 401, body: { status: 'STATUS_FAILURE', error: 'Invalid API key' } })
    }
    const answer = state.run(
      action ?? '',
      { key, isAdmin: key === adminKey },
      url.searchParams,
      form,
    )
    if (misbehaves && mode === 'lose-answer') return request.socket.destroy()
    if (misbehaves && mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!response.destroyed) send(answer)
      }, slowMs)
      return timers.add(timer)
    }
    send(answer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    apiKey,
    adminKey,
    apiUrl: `http://127.0.0.1:${port}/api.php`,
    origin: `http://127.0.0.1:${port}`,
    calls,
    get lines() {
      return state.lines
    },
    get credits() {
      return state.credits
    },
    setCredits: state.setCredits,
    /** Who watches: scripted live connections and activity-log entries (fake-panel-activity.ts). */
    viewers: state.viewers,
    editOnPanel: state.editOnPanel,
    /** Lines someone made on the panel itself with the reseller's key, which we know nothing of. */
    makeOnPanel: (usernames: string[]) => state.makeOnPanel(apiKey, usernames),
    /** Paid lines of the reseller's, made on the panel directly (a base of customers to work on). */
    seedPaidLines: (lines: { username: string; expiresAt: Date }[]) =>
      state.seedPaidLines(apiKey, lines),
    /** Misbehave from now on, for every action or only those named. */
    setMode(next: SupplierMode, actions?: string[]) {
      modes = new Map(actions ? actions.map((action) => [action, next]) : [['*', next]])
    },
    /**
     * Keeps the next call of `action` waiting (neither acted on nor answered, as on a panel busy
     * with others) until `release`; `arrived` resolves once that call has come in.
     */
    hold(action: string) {
      let release!: () => void
      let hasArrived!: () => void
      const arrived = new Promise<void>((resolve) => (hasArrived = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      holds.set(action, () => {
        hasArrived()
        return released
      })
      return { arrived, release }
    },
    /** Each action named its own way from now on; the others answer as they should. */
    setModes(byAction: Record<string, SupplierMode>) {
      modes = new Map(Object.entries(byAction))
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeSupplier = Awaited<ReturnType<typeof startFakeSupplier>>
