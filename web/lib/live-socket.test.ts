import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reconnectPolicy, type ServerFrame } from '../../common/realtime'
import { asksToRefetch, LiveSocket } from './live-socket'

/** A stand-in for the browser's WebSocket that the test opens, closes and feeds by hand. */
class FakeWebSocket {
  static readonly OPEN = 1
  static instances: FakeWebSocket[] = []
  readyState = 0
  sent: unknown[] = []
  private listeners = new Map<string, ((event: unknown) => void)[]>()

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this)
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code = 1005) {
    // As browsers do, a socket closed while it opens fails: an error, then a close (1006), in a
    // later task.
    if (this.readyState === 0) {
      this.readyState = 3
      setTimeout(() => {
        this.emit('error', {})
        this.emit('close', { code: 1006, reason: '' })
      })
      return
    }
    this.serverClose(code)
  }
  /** The connection failed (a refused upgrade, a network error): an error, then a close. */
  fail() {
    this.readyState = 3
    this.emit('error', {})
    this.emit('close', { code: 1006, reason: '' })
  }
  get isClosed() {
    return this.readyState === 3
  }
  open() {
    this.readyState = FakeWebSocket.OPEN
    this.emit('open', {})
  }
  receive(data: string) {
    this.emit('message', { data })
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3
    this.emit('close', { code, reason })
  }
  private emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

const latest = () => FakeWebSocket.instances.at(-1)!

/** A socket whose waits are the whole of each step (the jitter at its top), unless told. */
const newSocket = (options: Partial<ConstructorParameters<typeof LiveSocket>[0]> = {}) =>
  new LiveSocket({
    role: 'admin',
    key: null,
    onGiveUp: vi.fn(),
    onRefused: vi.fn(),
    random: () => 0.999999,
    ...options,
  })

describe('LiveSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeWebSocket.instances = []
    vi.stubGlobal('WebSocket', FakeWebSocket)
    vi.stubGlobal('window', { location: { protocol: 'https:', host: 'tv.example' } })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('identifies on open, then joins its tickets, on the same host over wss', () => {
    const socket = newSocket({ role: 'customer', key: 'ticket-1' })
    socket.joinTicket('ticket-1')
    socket.start()
    expect(latest().url).toBe('wss://tv.example/ws')
    expect(socket.status).toBe('connecting')
    latest().open()
    expect(socket.status).toBe('connected')
    expect(latest().sent).toEqual([
      { type: 'identify', role: 'customer', key: 'ticket-1' },
      { type: 'join_ticket', ticketId: 'ticket-1' },
    ])
  })

  it('retries 5 times, steps of 1 s doubling, then gives up once', () => {
    const onGiveUp = vi.fn()
    const socket = newSocket({ onGiveUp })
    socket.start()
    latest().open()
    latest().serverClose(1001)
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const count = FakeWebSocket.instances.length
      vi.advanceTimersByTime(delay - 1)
      expect(FakeWebSocket.instances).toHaveLength(count)
      vi.advanceTimersByTime(1)
      expect(FakeWebSocket.instances).toHaveLength(count + 1)
      latest().serverClose(1006)
    }
    expect(onGiveUp).toHaveBeenCalledTimes(1)
    expect(socket.status).toBe('offline')
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(6)
  })

  it('waits between half and all of each step, at random', () => {
    const socket = newSocket({ random: () => 0 })
    socket.start()
    latest().open()
    latest().serverClose(1001)
    for (const delay of [500, 1000, 2000]) {
      const count = FakeWebSocket.instances.length
      vi.advanceTimersByTime(delay - 1)
      expect(FakeWebSocket.instances).toHaveLength(count)
      vi.advanceTimersByTime(1)
      expect(FakeWebSocket.instances).toHaveLength(count + 1)
      latest().serverClose(1006)
    }
  })

  it('starts counting again once a reconnected socket stayed up, and re-identifies', () => {
    const socket = newSocket()
    socket.start()
    latest().open()
    latest().serverClose(1006)
    vi.advanceTimersByTime(1000)
    latest().serverClose(1006)
    vi.advanceTimersByTime(2000)
    latest().open()
    expect(latest().sent).toEqual([{ type: 'identify', role: 'admin', key: null }])
    vi.advanceTimersByTime(reconnectPolicy.stableMs)
    latest().serverClose(1006)
    vi.advanceTimersByTime(1000)
    expect(FakeWebSocket.instances).toHaveLength(4)
  })

  it('counts a socket dropped right after it opened as a failed attempt', () => {
    const onGiveUp = vi.fn()
    const socket = newSocket({ onGiveUp })
    socket.start()
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      latest().open()
      vi.advanceTimersByTime(reconnectPolicy.stableMs - 1)
      latest().serverClose(1006)
      vi.advanceTimersByTime(delay)
    }
    latest().open()
    latest().serverClose(1006)
    expect(onGiveUp).toHaveBeenCalledTimes(1)
    expect(FakeWebSocket.instances).toHaveLength(6)
  })

  it('gives up a socket that does not open in time, and tries again after the wait', () => {
    const onGiveUp = vi.fn()
    const socket = newSocket({ onGiveUp })
    socket.start()
    const first = latest()
    vi.advanceTimersByTime(reconnectPolicy.connectTimeoutMs - 1)
    expect(first.isClosed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(first.isClosed).toBe(true)
    expect(socket.status).toBe('connecting')
    vi.advanceTimersByTime(1000)
    expect(FakeWebSocket.instances).toHaveLength(2)
    latest().open()
    expect(socket.status).toBe('connected')
    // The attempt that opened is not cut off by the timeout.
    vi.advanceTimersByTime(reconnectPolicy.connectTimeoutMs)
    expect(latest().isClosed).toBe(false)
    expect(onGiveUp).not.toHaveBeenCalled()
  })

  it('logs an error only for the socket it uses, not for one it closed while it opened', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const socket = newSocket()
    socket.start()
    socket.stop()
    socket.start()
    vi.advanceTimersByTime(reconnectPolicy.connectTimeoutMs)
    vi.advanceTimersByTime(0)
    expect(logged).not.toHaveBeenCalled()
    expect(socket.status).toBe('connecting')

    vi.advanceTimersByTime(1000)
    latest().fail()
    expect(logged).toHaveBeenCalledExactlyOnceWith('Live socket error')
    expect(socket.status).toBe('connecting')
    logged.mockRestore()
  })

  it('stops for good when the server refuses the socket (1008), and says why', () => {
    const onGiveUp = vi.fn()
    const onRefused = vi.fn()
    const socket = newSocket({ onGiveUp, onRefused })
    socket.start()
    latest().open()
    const reason = 'Too many live connections from your address'
    latest().serverClose(1008, reason)
    vi.advanceTimersByTime(5 * 60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect([socket.status, socket.refusal]).toEqual(['refused', reason])
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(reason)
    expect(onGiveUp).not.toHaveBeenCalled()
  })

  it('does not reconnect after a normal close, from the server or from stop()', () => {
    const socket = newSocket()
    socket.start()
    latest().open()
    latest().serverClose(1000)
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)

    socket.start()
    latest().open()
    socket.stop()
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(2)
    expect(socket.status).toBe('disconnected')
  })

  it('does not reconnect once the server says the admin session ended', () => {
    const onGiveUp = vi.fn()
    const socket = newSocket({ onGiveUp })
    socket.start()
    latest().open()
    latest().serverClose(4401)
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(socket.status).toBe('disconnected')
    expect(onGiveUp).not.toHaveBeenCalled()
  })

  it('hands frames to subscribers and only logs one it cannot parse', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const socket = newSocket()
    const frames: unknown[] = []
    socket.subscribe((frame) => frames.push(frame))
    socket.start()
    latest().open()
    latest().receive('not json')
    latest().receive(JSON.stringify({ type: 'new_message', ticketId: 't' }))
    expect(frames).toEqual([{ type: 'new_message', ticketId: 't' }])
    expect(error).toHaveBeenCalledTimes(1)
    expect(socket.status).toBe('connected')
  })

  it('hands a resync frame to subscribers as a request to refetch, like a reconnect', () => {
    const socket = newSocket({ role: 'customer', key: 'ticket-1' })
    const frames: ServerFrame[] = []
    socket.subscribe((frame) => frames.push(frame))
    socket.start()
    latest().open()
    latest().receive(JSON.stringify({ type: 'auth:verified', role: 'customer' }))
    latest().receive(JSON.stringify({ type: 'new_message', ticketId: 'ticket-1' }))
    latest().receive(JSON.stringify({ type: 'resync' }))
    expect(frames.at(-1)).toEqual({ type: 'resync' })
    expect(frames.map(asksToRefetch)).toEqual([true, false, true])
  })

  it('identifies again on resync when the server could not verify it the first time', () => {
    const socket = newSocket({ role: 'customer', key: 'ticket-1' })
    socket.joinTicket('ticket-1')
    socket.start()
    latest().open()
    const identify = [
      { type: 'identify', role: 'customer', key: 'ticket-1' },
      { type: 'join_ticket', ticketId: 'ticket-1' },
    ]
    latest().receive(
      JSON.stringify({ type: 'error', message: 'The service is briefly unavailable' }),
    )
    latest().receive(JSON.stringify({ type: 'resync' }))
    expect(latest().sent).toEqual([...identify, ...identify])
    latest().receive(JSON.stringify({ type: 'auth:verified', role: 'customer' }))
    latest().receive(JSON.stringify({ type: 'resync' }))
    expect(latest().sent).toHaveLength(4)
  })
})
