import { describe, expect, it, vi } from 'vitest'
import { socketCloseCodes, type ServerFrame } from '../../common/realtime'
import { openSocket } from '../test/socket-client'
import { postgresOnly, useAdminServer } from '../test/test-server'

const slowDown = 'Too many messages; slow down'
const tooManySockets = 'Too many live connections from your address'
const isSlowDown = (f: ServerFrame) => f.type === 'error' && f.message === slowDown
const isNotJson = (f: ServerFrame) => f.type === 'error' && f.message === 'Frames must be JSON'

describe.each(postgresOnly)('the frame rate limit of the live socket on %s', (kind) => {
  // A clock that stands still unless a test moves it: the frame bucket refills only then.
  let clock = Date.parse('2025-03-01T12:00:00Z')
  const context = useAdminServer(kind, { now: () => new Date(clock) })

  it('answers frames beyond the burst with an error, and takes frames again once it refills', async () => {
    const socket = await openSocket(context.server.baseUrl)
    for (let i = 0; i < 25; i++) socket.send('not json')
    await vi.waitFor(() => {
      expect(socket.frames.filter(isNotJson)).toHaveLength(20)
      expect(socket.frames.filter(isSlowDown)).toHaveLength(5)
    })

    clock += 1000
    socket.send('not json')
    await vi.waitFor(() => expect(socket.frames.filter(isNotJson)).toHaveLength(21))
    socket.close()
  })

  it('closes a socket that keeps flooding with 1008 and says why', async () => {
    const socket = await openSocket(context.server.baseUrl)
    for (let i = 0; i < 150; i++) socket.send('not json')
    expect(await socket.closed).toEqual({
      code: socketCloseCodes.policyViolation,
      reason: slowDown,
    })
    // 20 taken, 80 dropped with an answer, and the 101st (over 5× the burst) closes it.
    expect(socket.frames.filter(isSlowDown)).toHaveLength(81)
    expect(socket.frames.filter(isNotJson).length).toBeLessThanOrEqual(20)
  })
})

describe.each(postgresOnly)('the cap of live sockets per address on %s', (kind) => {
  const context = useAdminServer(kind, { env: { WS_MAX_SOCKETS_PER_IP: '3' } })

  it('refuses sockets beyond the cap per address with an error frame and 1008, until one closes', async () => {
    const { baseUrl } = context.server
    const held = [await openSocket(baseUrl), await openSocket(baseUrl), await openSocket(baseUrl)]
    const refused = await openSocket(baseUrl)
    await refused.waitFor((f) => f.type === 'error' && f.message === tooManySockets)
    expect(await refused.closed).toEqual({
      code: socketCloseCodes.policyViolation,
      reason: tooManySockets,
    })

    held.pop()!.close()
    // The server counts the socket out once its side has closed too: retry until it has.
    await vi.waitFor(async () => {
      const socket = await openSocket(baseUrl)
      socket.send({ type: 'identify', role: 'customer', key: 'no-such-ticket' })
      const answer = await socket.waitFor((f) => f.type === 'auth:failed' || f.type === 'error')
      socket.close()
      expect(answer).toEqual({ type: 'auth:failed', message: 'Unknown ticket' })
    }, 5000)
    for (const socket of held) socket.close()
  })
})
