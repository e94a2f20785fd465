import { randomUUID } from 'node:crypto'
import WebSocket from 'ws'
import { backoffDelay } from '../../common/backoff'
import { reconnectBackoff, type ClientFrameInput, type ServerFrame } from '../../common/realtime'
import type { ChatMessage, ChatSenderType } from '../../common/support'

type LiveChatOptions = {
  baseUrl: string
  /** The admin session's cookie; a customer has none and identifies by ticket. */
  cookie?: string | null
  identify: Extract<ClientFrameInput, { type: 'identify' }>
  senderType: ChatSenderType
  /** The tickets whose chat this client shows and writes in. */
  ticketIds: string[]
  /** A ticket's history (GET /api/chat-messages/{id}), as the page refetches it. */
  fetchHistory: (ticketId: string) => Promise<ChatMessage[]>
}

/** A message written but not yet seen stored is resent after this long (same clientMessageId). */
const resendAfterMs = 3_000
/** Resends a second at most: the server drops a socket's frames beyond 10 a second. */
const resendsPerRound = 5

/**
 * A chat page's live side, as the web app behaves (web/lib/live-socket.ts, the chat outbox): it
 * writes messages with a clientMessageId over the socket, shows what live frames bring, and
 * after every reconnect (jittered backoff) identifies again, refetches its tickets' history and
 * resends what it has not seen stored. It records what a user would notice.
 */
export class LiveChatClient {
  /** Every message shown, by id: live frames and refetches merged. */
  readonly shown = new Map<string, ChatMessage>()
  /** Ids in the order live frames brought them, a repeat kept as a repeat. */
  readonly liveIds: string[] = []
  /** Each reconnect's time from the close to the server's `auth:verified`. */
  readonly reconnectMs: number[] = []
  readonly closeCodes: number[] = []
  /** The server's `error` frames (a refused message stays unseen and is sent again). */
  readonly errors: string[] = []
  /** Every message written here, by clientMessageId. */
  readonly written = new Map<string, { ticketId: string; message: string }>()
  private readonly unseen = new Map<string, { ticketId: string; sentAt: number }>()
  private socket: WebSocket | null = null
  private isVerified = false
  private isStopped = false
  private droppedAt: number | null = null
  private failedAttempts = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private readonly resendTimer: ReturnType<typeof setInterval>
  private verified!: () => void
  /** Resolves at the first `auth:verified`. */
  readonly started = new Promise<void>((resolve) => (this.verified = resolve))

  constructor(private readonly options: LiveChatOptions) {
    this.connect()
    this.resendTimer = setInterval(() => void this.resendUnseen(), 1_000)
  }

  /** Connected, and identified by the server. */
  get isLive(): boolean {
    return this.isVerified
  }

  get ticketIds(): readonly string[] {
    return this.options.ticketIds
  }

  /** Writes a message in one of this client's tickets. */
  write(ticketId: string, message: string): void {
    const clientMessageId = randomUUID()
    this.written.set(clientMessageId, { ticketId, message })
    this.unseen.set(clientMessageId, { ticketId, sentAt: Date.now() })
    this.sendMessage(clientMessageId)
  }

  /** How many written messages it has not yet seen stored. */
  unseenCount(): number {
    return this.unseen.size
  }

  stop(): void {
    this.isStopped = true
    clearTimeout(this.retryTimer)
    clearInterval(this.resendTimer)
    this.socket?.close(1000)
  }

  private connect(): void {
    const { baseUrl, cookie } = this.options
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
      headers: cookie ? { cookie } : {},
    })
    this.socket = socket
    socket.on('open', () => {
      this.send(this.options.identify)
      for (const ticketId of this.options.ticketIds) this.send({ type: 'join_ticket', ticketId })
    })
    socket.on('message', (data) => this.handle(JSON.parse(data.toString()) as ServerFrame))
    // A refused upgrade ends in 'close' (1006) too.
    socket.on('error', () => {})
    socket.on('close', (code) => {
      this.closeCodes.push(code)
      this.socket = null
      this.isVerified = false
      if (this.isStopped) return
      this.droppedAt ??= Date.now()
      this.failedAttempts += 1
      const wait = backoffDelay(this.failedAttempts, reconnectBackoff, Math.random)
      this.retryTimer = setTimeout(() => this.connect(), wait)
    })
  }

  private handle(frame: ServerFrame): void {
    if (frame.type === 'auth:verified') {
      this.isVerified = true
      this.failedAttempts = 0
      if (this.droppedAt !== null) this.reconnectMs.push(Date.now() - this.droppedAt)
      this.droppedAt = null
      this.verified()
      // What happened while the socket was away is only in the history.
      for (const ticketId of this.options.ticketIds) void this.refetch(ticketId, true)
      return
    }
    if (frame.type === 'error') this.errors.push(frame.message)
    if (frame.type !== 'chat:new_message' || !this.options.ticketIds.includes(frame.ticketId))
      return
    this.liveIds.push(frame.message.id)
    this.show(frame.message)
  }

  private show(message: ChatMessage): void {
    this.shown.set(message.id, message)
    if (message.clientMessageId) this.unseen.delete(message.clientMessageId)
  }

  /** Shows a ticket's history; then, if asked, resends what it does not hold, oldest first. */
  private async refetch(ticketId: string, thenResend: boolean): Promise<void> {
    for (const message of await this.options.fetchHistory(ticketId)) this.show(message)
    if (!thenResend) return
    const missing = [...this.unseen].filter(([, entry]) => entry.ticketId === ticketId)
    for (const [clientMessageId] of missing.slice(0, resendsPerRound)) {
      this.sendMessage(clientMessageId)
    }
  }

  /** A resend of a stored message is answered with nothing: the history tells it was stored. */
  private async resendUnseen(): Promise<void> {
    if (!this.isVerified) return
    const now = Date.now()
    const late = [...this.unseen.values()].filter((entry) => now - entry.sentAt > resendAfterMs)
    for (const ticketId of new Set(late.map((entry) => entry.ticketId))) {
      await this.refetch(ticketId, true)
    }
  }

  private sendMessage(clientMessageId: string): void {
    const { ticketId, message } = this.written.get(clientMessageId)!
    this.unseen.set(clientMessageId, { ticketId, sentAt: Date.now() })
    const { senderType } = this.options
    this.send({ type: 'send_message', payload: { ticketId, senderType, message, clientMessageId } })
  }

  private send(frame: ClientFrameInput): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame))
  }
}
