import { z } from 'zod'
// Relative, not '@common/…' or '@/…': the unit tests run without the app's aliases.
import { backoffDelay } from '../../../../common/backoff'
import { reconnectBackoff } from '../../../../common/realtime'
import { chatSenderTypes, type ChatMessage } from '../../../../common/support'
import { ApiError } from '../../../lib/api-client'

/** A message typed but not yet stored by the server; its clientMessageId makes resends safe. */
const outgoingChatMessage = z.object({
  clientMessageId: z.uuid(),
  ticketId: z.uuid(),
  senderType: z.enum(chatSenderTypes),
  message: z.string(),
  /** Why the server refused it for good; null while it is still being sent. */
  error: z.string().nullable(),
})
export type OutgoingChatMessage = z.infer<typeof outgoingChatMessage>

const storedOutbox = z.array(outgoingChatMessage).catch([])
const storageKey = 'pending-chat-messages'
const noEntries: readonly OutgoingChatMessage[] = []

/** No answer, a timeout, a rate limit or a server that is away: the same message is sent again. */
function isWorthResending(error: unknown): boolean {
  return !(error instanceof ApiError) || [408, 429, 502, 503, 504].includes(error.status)
}

type ChatOutboxOptions = {
  /** Where the queue outlives the page; null when the browser blocks storage. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  send: (message: OutgoingChatMessage) => Promise<ChatMessage>
  onDelivered: (message: ChatMessage) => void
  onRefused: (message: OutgoingChatMessage) => void
}

/**
 * The chat messages this browser still has to deliver, like the trial form's queue: kept in
 * storage across reloads, sent one after another in the order typed, and sent again with the same
 * clientMessageId (the server stores each once) after a failure without a final answer, with
 * backoff and whenever the caller says the connection is back. A final refusal stays in the queue
 * with its error until the writer retries or deletes it.
 */
export class ChatOutbox {
  private entries: readonly OutgoingChatMessage[]
  private readonly listeners = new Set<() => void>()
  private isFlushing = false
  private failedRounds = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly options: ChatOutboxOptions) {
    this.entries = this.readStored()
  }

  getEntries = (): readonly OutgoingChatMessage[] => this.entries

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Queues a message and starts sending it. */
  enqueue(message: Omit<OutgoingChatMessage, 'error'>): Promise<void> {
    this.update([...this.entries, { ...message, error: null }])
    return this.flush()
  }

  /** Sends a refused message again, as it was. */
  retry = (clientMessageId: string): Promise<void> => {
    this.update(
      this.entries.map((entry) =>
        entry.clientMessageId === clientMessageId ? { ...entry, error: null } : entry,
      ),
    )
    return this.flush()
  }

  /** Gives up on a message. */
  remove = (clientMessageId: string): void => {
    this.update(this.entries.filter((entry) => entry.clientMessageId !== clientMessageId))
  }

  /** Takes in what another tab stored (a `storage` event for `key`; null when all was cleared). */
  handleStorageChange = (key: string | null): void => {
    if (key !== null && key !== storageKey) return
    this.entries = this.readStored()
    this.notify()
  }

  /** Sends every waiting message in order; stops at the first that gets no final answer. */
  flush = async (): Promise<void> => {
    if (this.isFlushing) return
    this.isFlushing = true
    clearTimeout(this.retryTimer)
    try {
      let next: OutgoingChatMessage | undefined
      while ((next = this.entries.find((entry) => entry.error === null))) {
        if (!(await this.deliver(next))) {
          this.failedRounds += 1
          this.retryTimer = setTimeout(
            () => void this.flush(),
            backoffDelay(this.failedRounds, reconnectBackoff, Math.random),
          )
          return
        }
      }
      this.failedRounds = 0
    } finally {
      this.isFlushing = false
    }
  }

  /** Whether the message got a final answer (stored, or refused for good). */
  private async deliver(entry: OutgoingChatMessage): Promise<boolean> {
    const { clientMessageId } = entry
    try {
      const stored = await this.options.send(entry)
      this.remove(clientMessageId)
      this.options.onDelivered(stored)
      return true
    } catch (error) {
      if (isWorthResending(error)) return false
      const reason =
        (error instanceof ApiError && error.serverMessage) ||
        'Failed to send message. Please try again.'
      this.update(
        this.entries.map((queued) =>
          queued.clientMessageId === clientMessageId ? { ...queued, error: reason } : queued,
        ),
      )
      this.options.onRefused(entry)
      return true
    }
  }

  private update(entries: readonly OutgoingChatMessage[]): void {
    this.entries = entries.length === 0 ? noEntries : entries
    try {
      if (entries.length === 0) this.options.storage?.removeItem(storageKey)
      else this.options.storage?.setItem(storageKey, JSON.stringify(entries))
    } catch {
      // Storage full or blocked: the queue lives only as long as this page.
    }
    this.notify()
  }

  private readStored(): readonly OutgoingChatMessage[] {
    try {
      const stored = this.options.storage?.getItem(storageKey)
      return stored ? storedOutbox.parse(JSON.parse(stored)) : noEntries
    } catch {
      return noEntries
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }
}
