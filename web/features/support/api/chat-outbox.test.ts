import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from '../../../../common/support'
import { ApiError } from '../../../lib/api-client'
import { ChatOutbox, type OutgoingChatMessage } from './chat-outbox'

const ticketId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b'
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** The browser's storage, as far as the outbox uses it. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const networkDown = () => new TypeError('Failed to fetch')

/**
 * The network between the outbox and the server, scripted: each attempt takes the next outcome
 * (stored, a network failure, or an answer with a status).
 */
function scriptedNetwork() {
  const outcomes: (TypeError | ApiError | 'stored')[] = []
  const attempts: string[] = []
  const send = async (entry: OutgoingChatMessage): Promise<ChatMessage> => {
    attempts.push(entry.message)
    const outcome = outcomes.shift() ?? 'stored'
    if (outcome !== 'stored') throw outcome
    return {
      id: entry.clientMessageId,
      ticketId: entry.ticketId,
      senderType: entry.senderType,
      senderName: 'Casey',
      message: entry.message,
      clientMessageId: entry.clientMessageId,
      createdAt: new Date(0).toISOString(),
    }
  }
  return { outcomes, attempts, send }
}

describe('the chat outbox', () => {
  let storage: ReturnType<typeof memoryStorage>
  let network: ReturnType<typeof scriptedNetwork>
  let delivered: string[]
  let refused: string[]
  const openOutbox = () =>
    new ChatOutbox({
      storage,
      send: network.send,
      onDelivered: (message) => delivered.push(message.message),
      onRefused: (entry) => refused.push(entry.message),
    })
  const message = (n: number, text: string) => ({
    clientMessageId: idOf(n),
    ticketId,
    senderType: 'customer' as const,
    message: text,
  })

  beforeEach(() => {
    vi.useFakeTimers()
    storage = memoryStorage()
    network = scriptedNetwork()
    delivered = []
    refused = []
  })
  afterEach(() => vi.useRealTimers())

  it('keeps messages through an outage, in storage too, and sends them in order once back', async () => {
    const outbox = openOutbox()
    network.outcomes.push(networkDown(), networkDown())
    await outbox.enqueue(message(1, 'one'))
    await outbox.enqueue(message(2, 'two'))
    expect(outbox.getEntries().map((entry) => [entry.message, entry.error])).toEqual([
      ['one', null],
      ['two', null],
    ])
    // A page opened meanwhile (or after a reload) sees the same queue.
    expect(
      openOutbox()
        .getEntries()
        .map((entry) => entry.message),
    ).toEqual(['one', 'two'])
    // Never a later message before an earlier one.
    expect(network.attempts).toEqual(['one', 'one'])

    await vi.runOnlyPendingTimersAsync()
    expect(network.attempts).toEqual(['one', 'one', 'one', 'two'])
    expect(delivered).toEqual(['one', 'two'])
    expect(outbox.getEntries()).toEqual([])
    expect(storage.getItem('pending-chat-messages')).toBeNull()
  })

  it.each([429, 502, 503, 504])('sends again after a %i', async (status) => {
    const outbox = openOutbox()
    network.outcomes.push(new ApiError(status, '{"message":"Busy"}', ''))
    await outbox.enqueue(message(1, 'patient'))
    expect(delivered).toEqual([])
    await vi.runOnlyPendingTimersAsync()
    expect(delivered).toEqual(['patient'])
  })

  it('stops sending a refused message, shows why, and lets it be retried or deleted', async () => {
    const outbox = openOutbox()
    const tooLong = '{"message":"Message must be at most 2000 characters"}'
    network.outcomes.push(new ApiError(400, tooLong, 'Bad Request'))
    await outbox.enqueue(message(1, 'refused'))
    await outbox.enqueue(message(2, 'fine'))
    expect(refused).toEqual(['refused'])
    expect(delivered).toEqual(['fine'])
    expect(outbox.getEntries()).toMatchObject([
      { message: 'refused', error: 'Message must be at most 2000 characters' },
    ])
    await vi.runOnlyPendingTimersAsync()
    expect(network.attempts).toEqual(['refused', 'fine'])

    network.outcomes.push(new ApiError(403, '', 'Forbidden'))
    await outbox.retry(idOf(1))
    expect(outbox.getEntries()).toMatchObject([
      { error: 'Failed to send message. Please try again.' },
    ])
    outbox.remove(idOf(1))
    expect(outbox.getEntries()).toEqual([])
    expect(storage.getItem('pending-chat-messages')).toBeNull()
  })

  it("takes in another tab's queue", async () => {
    const outbox = openOutbox()
    const other = openOutbox()
    network.outcomes.push(networkDown())
    await other.enqueue(message(1, 'from the other tab'))
    outbox.handleStorageChange('pending-chat-messages')
    expect(outbox.getEntries().map((entry) => entry.message)).toEqual(['from the other tab'])
  })
})
