import { createServer } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { freePort } from '../../test/free-port'
import { newPanelLine } from '../../test/panel-orders'
import { OutcomeUnknown, PanelError } from './panel'
import { answerData } from './xui-answers'
import { createXuiPanel } from './xui-panel'

const timeoutMs = 1_500
// Room for a busy runner, still short of the two deadlines that a look-up with its own would take.
const slackMs = 1_000

/** The PanelError a call ended in (the test fails if it succeeded). */
async function failure(call: Promise<unknown>): Promise<PanelError> {
  const error = await call.then(
    () => null,
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(PanelError)
  return error as PanelError
}

describe('the XUI.ONE panel adapter when things go wrong', () => {
  let fake: FakeSupplier
  let panel: ReturnType<typeof createXuiPanel>
  const linesNamed = (username: string) => fake.lines.filter((line) => line.username === username)

  beforeAll(async () => {
    fake = await startFakeSupplier({ slowMs: 3 * timeoutMs })
    panel = createXuiPanel({ apiUrl: fake.apiUrl, timeoutMs })
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.setMode('ok')
    fake.setCredits(100)
  })

  it.each([
    [
      'a refused key (HTTP 401)',
      () => panel.credits('not-the-key'),
      'STATUS_FAILURE',
      401,
      'Invalid API key',
    ],
    [
      'no credits',
      () => (fake.setCredits(0), panel.createLine(fake.apiKey, newPanelLine())),
      'STATUS_INSUFFICIENT_CREDITS',
      200,
      'Not enough credits.',
    ],
    [
      'no username',
      () => panel.createLine(fake.apiKey, newPanelLine({ username: '' })),
      'STATUS_INVALID_INPUT',
      200,
      'Username and password are required.',
    ],
    [
      'a past expiry',
      () => panel.createLine(fake.apiKey, newPanelLine({ expiresAt: new Date(0) })),
      'STATUS_INVALID_DATE',
      200,
      'Invalid date.',
    ],
    [
      'an unknown line',
      () => panel.enableLine(fake.apiKey, '999999'),
      'STATUS_FAILURE',
      200,
      'Line not found.',
    ],
  ] as const)(
    "turns %s into a 502 PanelError in the panel's own words",
    async (_case, call, status, httpStatus, message) => {
      const error = await failure(call())
      expect(error).toMatchObject({ kind: 'refused', status, httpStatus, message, statusCode: 502 })
    },
  )

  it.each([
    [
      'html-error',
      'unreadable',
      502,
      'The supplier panel sent an answer we could not read (HTTP 200).',
    ],
    [
      'server-error',
      'unreadable',
      502,
      'The supplier panel sent an answer we could not read (HTTP 500).',
    ],
    ['slow', 'timeout', 504, 'The supplier panel did not answer in time. Please try again.'],
    ['lose-answer', 'unreachable', 502, 'Could not reach the supplier panel. Please try again.'],
  ] as const)(
    'turns a panel in mode %s into a %s PanelError',
    async (mode, kind, statusCode, message) => {
      fake.setMode(mode)
      const error = await failure(panel.listLines(fake.apiKey))
      expect(error).toMatchObject({ kind, statusCode, message, status: null })
    },
  )

  it('says so when nothing listens at the address', async () => {
    const nowhere = createXuiPanel({
      apiUrl: `http://127.0.0.1:${await freePort()}/api.php`,
      timeoutMs,
    })
    const error = await failure(nowhere.getLine(fake.apiKey, '1'))
    expect(error).toMatchObject({ kind: 'unreachable', statusCode: 502 })
  })

  it('redacts a key the panel echoes, and keeps its words plain text', () => {
    const echo = JSON.stringify({ status: 'STATUS_FAILURE', error: 'Key k3y-1 is <b>banned</b>\n' })
    expect(() => answerData(200, echo, 'k3y-1')).toThrow(/^Key \[redacted\] is banned$/)
  })

  it('never puts the key in a message', async () => {
    const messages: string[] = []
    for (const mode of ['html-error', 'server-error', 'slow', 'lose-answer'] as const) {
      fake.setMode(mode)
      messages.push((await failure(panel.credits(fake.apiKey))).message)
    }
    fake.setMode('ok')
    messages.push((await failure(panel.credits('not-the-key'))).message)
    const nowhere = createXuiPanel({ apiUrl: `http://127.0.0.1:${await freePort()}/`, timeoutMs })
    messages.push((await failure(nowhere.credits(fake.apiKey))).message)
    expect(messages.join('\n')).not.toContain(fake.apiKey)
    expect(messages.join('\n')).not.toContain('not-the-key')
  })

  it('resolves a lost answer by looking the username up: the line made is the result', async () => {
    const order = newPanelLine()
    fake.setMode('lose-answer', ['create_line'])
    const since = fake.calls.length
    const created = await panel.createLine(fake.apiKey, order)
    expect(created).toMatchObject({ username: order.username, recoveredFrom: 'unreachable' })
    expect(linesNamed(order.username)).toHaveLength(1)
    expect(created.id).toBe(linesNamed(order.username)[0]!.id)
    const [create, ...lookups] = fake.calls.slice(since).map((call) => call.action)
    expect(create).toBe('create_line')
    expect(new Set(lookups)).toEqual(new Set(['get_lines']))
  })

  it('ends a create at its deadline with the outcome unknown, looking nothing up past it', async () => {
    const order = newPanelLine()
    fake.setMode('slow', ['create_line'])
    const since = fake.calls.length
    const started = performance.now()
    const error = await failure(panel.createLine(fake.apiKey, order))
    expect(performance.now() - started).toBeLessThan(timeoutMs + slackMs)
    expect(error).toBeInstanceOf(OutcomeUnknown)
    expect(error).toMatchObject({ kind: 'timeout', statusCode: 504 })
    expect(fake.calls.slice(since).map((call) => call.action)).toEqual(['create_line'])
    // The panel made it all the same: a later look-up settles it.
    expect(linesNamed(order.username)).toHaveLength(1)
  })

  it('gives the look-up after a lost answer only what is left of the same deadline', async () => {
    const order = newPanelLine()
    // The create's answer is lost at once; the look-up then hangs until the one deadline.
    fake.setModes({ create_line: 'lose-answer', get_lines: 'hang' })
    const since = fake.calls.length
    const started = performance.now()
    const error = await failure(panel.createLine(fake.apiKey, order))
    expect(performance.now() - started).toBeLessThan(timeoutMs + slackMs)
    expect(fake.calls.slice(since).map((call) => call.action)).toEqual(['create_line', 'get_lines'])
    expect(error).toBeInstanceOf(OutcomeUnknown)
    // The create's own failure, which the look-up could not settle.
    expect(error.kind).toBe('unreachable')
    expect(linesNamed(order.username)).toHaveLength(1)
  })

  it('reports the failure when the lookup fails too, and the retry finds the line: one bought', async () => {
    const order = newPanelLine()
    fake.setMode('slow')
    const error = await failure(panel.createLine(fake.apiKey, order))
    expect(error).toBeInstanceOf(OutcomeUnknown)
    expect(error.kind).toBe('timeout')
    expect(linesNamed(order.username)).toHaveLength(1)
    const credits = fake.credits

    fake.setMode('ok')
    const retried = await panel.createLine(fake.apiKey, order)
    expect(retried.recoveredFrom).toBe('STATUS_EXISTS_USERNAME')
    expect(linesNamed(order.username)).toHaveLength(1)
    expect(fake.credits).toBe(credits)
  })

  it('leaves a lost create unknown when the panel ignores `start`, rather than buy twice', async () => {
    // A panel that answers its first page whatever `start` asks: its other pages cannot be read.
    const ignoresStart = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', fake.origin)
      url.searchParams.delete('start')
      let body = ''
      for await (const chunk of request) body += chunk
      // A lost answer stays lost.
      const answer = await fetch(url, {
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'text/plain' },
        body: body || undefined,
      }).catch(() => null)
      if (!answer) return request.socket.destroy()
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    })
    await new Promise<void>((resolve) => ignoresStart.listen(0, '127.0.0.1', resolve))
    const { port } = ignoresStart.address() as { port: number }
    const paged = createXuiPanel({
      apiUrl: `http://127.0.0.1:${port}/api.php`,
      timeoutMs,
      pageSize: 2,
    })
    try {
      await panel.createLine(fake.apiKey, newPanelLine({ isTrial: true }))
      await panel.createLine(fake.apiKey, newPanelLine({ isTrial: true }))
      expect(await failure(paged.listLines(fake.apiKey))).toMatchObject({ kind: 'unreadable' })

      const order = newPanelLine()
      fake.setMode('lose-answer', ['create_line'])
      const error = await failure(paged.createLine(fake.apiKey, order))
      expect(error).toBeInstanceOf(OutcomeUnknown)
      fake.setMode('ok')
      expect(await failure(paged.createLine(fake.apiKey, order))).toBeInstanceOf(OutcomeUnknown)
      expect(linesNamed(order.username)).toHaveLength(1)
    } finally {
      ignoresStart.closeAllConnections()
      await new Promise((resolve) => ignoresStart.close(resolve))
    }
  })

  it('reports a failure that made no line, after looking', async () => {
    const order = newPanelLine()
    fake.setMode('server-error', ['create_line'])
    const error = await failure(panel.createLine(fake.apiKey, order))
    expect(error).toMatchObject({ kind: 'unreadable', httpStatus: 500 })
    expect(fake.calls.at(-1)!.action).toBe('get_lines')
    expect(linesNamed(order.username)).toEqual([])
  })

  it('knows an earlier attempt by the reference in its notes when the password changed', async () => {
    const order = newPanelLine()
    await panel.createLine(fake.apiKey, order)
    const retried = await panel.createLine(fake.apiKey, { ...order, password: 'OtherSecretPw123' })
    expect(retried).toMatchObject({
      password: order.password,
      recoveredFrom: 'STATUS_EXISTS_USERNAME',
    })
    expect(linesNamed(order.username)).toHaveLength(1)
  })

  it("does not take someone else's line with the same username for ours", async () => {
    const theirs = newPanelLine()
    await panel.createLine(fake.apiKey, theirs)
    const error = await failure(
      panel.createLine(fake.apiKey, { ...newPanelLine(), username: theirs.username }),
    )
    expect(error).toMatchObject({
      status: 'STATUS_EXISTS_USERNAME',
      message: 'Username already exists.',
    })
    expect(linesNamed(theirs.username)).toHaveLength(1)
  })

  it('does not look up after a plain refusal', async () => {
    fake.setCredits(0)
    const calls = fake.calls.length
    await failure(panel.createLine(fake.apiKey, newPanelLine()))
    expect(fake.calls.slice(calls).map((call) => call.action)).toEqual(['create_line'])
  })
})
