import type { NotificationRole } from '@common/notifications'
// Relative, not '@common/…': the unit tests (vitest.config.ts) run without the app's aliases.
import { backoffDelay } from '../../common/backoff'
import {
  reconnectBackoff,
  reconnectPolicy,
  socketCloseCodes,
  type ClientFrameInput,
  type ServerFrame,
} from '../../common/realtime'

/** `refused`: the server turned the socket away for good (1008); `refusal` says why. */
/** `offline`: every reconnect attempt failed; only a reload (or `start`) tries again. */
export type LiveSocketStatus = 'connecting' | 'connected' | 'disconnected' | 'offline' | 'refused'

/**
 * Whether what the page shows may be stale: the socket was (re)verified after a time without it,
 * or the server says it missed events (`resync`, after its database connection came back).
 */
export const asksToRefetch = (frame: ServerFrame): boolean =>
  frame.type === 'auth:verified' || frame.type === 'resync'

type LiveSocketOptions = {
  role: NotificationRole
  /** A customer's ticket id; null for an admin, whom the session cookie identifies. */
  key: string | null
  /** Called once the last reconnect attempt has failed. */
  onGiveUp: () => void
  /** Called when the server refuses the socket for good (1008), with its reason. */
  onRefused: (reason: string) => void
  /** Numbers in [0, 1) for the waits' jitter: Math.random unless a test fixes them. */
  random?: () => number
}

const normalClosure = 1000

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${protocol}//${window.location.host}/ws`
}

/**
 * The live socket: identifies itself on every (re)connect, re-joins its tickets, and reconnects
 * with jittered backoff (reconnectPolicy) unless it was closed normally, its admin session ended
 * or the server refused it. Frames and status changes reach subscribers; nothing here knows React.
 */
export class LiveSocket {
  status: LiveSocketStatus = 'disconnected'
  /** The server's reason, while `refused`. */
  refusal: string | null = null
  private socket: WebSocket | null = null
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private connectTimer: ReturnType<typeof setTimeout> | undefined
  private stableTimer: ReturnType<typeof setTimeout> | undefined
  private failedAttempts = 0
  private isStopped = true
  /** Whether the server answered this connection's identify with `auth:verified`. */
  private isVerified = false
  private readonly tickets = new Set<string>()
  private readonly frameListeners = new Set<(frame: ServerFrame) => void>()
  private readonly statusListeners = new Set<() => void>()

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    this.isStopped = false
    this.failedAttempts = 0
    this.refusal = null
    this.connect()
  }

  /** Closes normally (1000): no reconnect follows. */
  stop(): void {
    this.isStopped = true
    this.clearTimers()
    this.socket?.close(normalClosure)
    this.socket = null
    this.setStatus('disconnected')
  }

  /** Follows a ticket's chat; remembered and re-sent after a reconnect. */
  joinTicket(ticketId: string): void {
    this.tickets.add(ticketId)
    this.send({ type: 'join_ticket', ticketId })
  }

  /** Tells the other side of a ticket's chat that someone types here (the server throttles it). */
  sendTyping(ticketId: string): void {
    this.send({ type: 'typing', ticketId })
  }

  subscribe = (listener: (frame: ServerFrame) => void): (() => void) => {
    this.frameListeners.add(listener)
    return () => this.frameListeners.delete(listener)
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  getStatus = (): LiveSocketStatus => this.status

  private connect(): void {
    this.setStatus('connecting')
    const socket = new WebSocket(socketUrl())
    this.socket = socket
    // A socket still opening after this (a proxy that holds the upgrade) is a failed attempt.
    this.connectTimer = setTimeout(() => {
      if (this.socket !== socket) return
      this.socket = null
      socket.close()
      this.setStatus('disconnected')
      this.scheduleReconnect()
    }, reconnectPolicy.connectTimeoutMs)
    socket.addEventListener('open', () => {
      clearTimeout(this.connectTimer)
      // Only a socket that stays up is a success: one dropped at once counts as a failed attempt.
      this.stableTimer = setTimeout(() => (this.failedAttempts = 0), reconnectPolicy.stableMs)
      this.isVerified = false
      this.setStatus('connected')
      this.identify()
    })
    socket.addEventListener('message', (event) => this.handleMessage(event))
    socket.addEventListener('error', () => {
      // A socket closed here while it was opening (a sign-out, a connect timeout) reports an
      // error too, after it was let go: only the current socket's error is one.
      if (this.socket !== socket) return
      console.error('Live socket error')
      this.setStatus('disconnected')
    })
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return
      this.socket = null
      this.clearTimers()
      // Refused (too many sockets from this address, or flooding): asking again is refused again.
      if (event.code === socketCloseCodes.policyViolation) {
        this.refusal = event.reason || 'The server refused the live connection'
        this.setStatus('refused')
        this.options.onRefused(this.refusal)
        return
      }
      this.setStatus('disconnected')
      // A session that ended stays ended: reconnecting would only be refused again.
      const isFinal = event.code === normalClosure || event.code === socketCloseCodes.sessionEnded
      if (!this.isStopped && !isFinal) this.scheduleReconnect()
    })
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer)
    clearTimeout(this.connectTimer)
    clearTimeout(this.stableTimer)
  }

  private scheduleReconnect(): void {
    this.failedAttempts += 1
    if (this.failedAttempts > reconnectPolicy.maxAttempts) {
      this.setStatus('offline')
      this.options.onGiveUp()
      return
    }
    this.setStatus('connecting')
    const wait = backoffDelay(
      this.failedAttempts,
      reconnectBackoff,
      this.options.random ?? Math.random,
    )
    this.retryTimer = setTimeout(() => this.connect(), wait)
  }

  private handleMessage(event: MessageEvent): void {
    let frame: ServerFrame
    try {
      frame = JSON.parse(String(event.data)) as ServerFrame
    } catch (error) {
      console.error('Could not parse a live socket frame', error)
      return
    }
    if (frame.type === 'auth:verified') this.isVerified = true
    // Identifying fails while the server's database is away: once it is back, try again.
    else if (frame.type === 'resync' && !this.isVerified) this.identify()
    for (const listener of this.frameListeners) listener(frame)
  }

  private identify(): void {
    const { role, key } = this.options
    this.send({ type: 'identify', role, key })
    for (const ticketId of this.tickets) this.send({ type: 'join_ticket', ticketId })
  }

  private send(frame: ClientFrameInput): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame))
  }

  private setStatus(status: LiveSocketStatus): void {
    if (this.status === status) return
    this.status = status
    for (const listener of this.statusListeners) listener()
  }
}
