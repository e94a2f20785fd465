import pg from 'pg'
import { backoffDelay } from '../../common/backoff'

/** `listening` while LISTEN is in place; `reconnecting` while notifications would be missed. */
export type ListenerState = 'listening' | 'reconnecting'

// Processes cut off together do not come back in step (common/backoff.ts).
const reconnectBackoff = { baseMs: 500, capMs: 30_000 }

export type PostgresListenerOptions = {
  url: string
  channel: string
  onNotification(payload: string): void
  onError(error: unknown): void
  /** LISTEN is back after a gap: notifications sent meanwhile were missed. */
  onResubscribed(): void
}

// A connection that died without a word (a dropped route, a NAT timeout) is found by a query
// that gets no answer; keepalive alone would take the kernel's many minutes.
const heartbeatMs = 15_000
const heartbeatTimeoutMs = 10_000

/**
 * One dedicated connection that LISTENs on `channel` and, whenever it is lost (an error, or an
 * end without one), reconnects forever with capped, jittered backoff. The first attempt is
 * awaited but may fail: the retries go on, and `state()` says so.
 */
export async function startPostgresListener(options: PostgresListenerOptions) {
  let state: ListenerState = 'reconnecting'
  let current: pg.Client | null = null
  let isClosed = false
  let hadGap = false
  let failedAttempts = 0
  let retryTimer: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined

  // A callback that throws must not end the retries.
  function safely(callback: () => void): void {
    try {
      callback()
    } catch (error) {
      options.onError(error)
    }
  }

  function scheduleRetry(): void {
    if (isClosed) return
    failedAttempts += 1
    retryTimer = setTimeout(
      () => void connect(),
      backoffDelay(failedAttempts, reconnectBackoff, Math.random),
    )
    retryTimer.unref()
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      query_timeout: heartbeatTimeoutMs,
    })
    let isLost = false
    const lose = (error?: unknown) => {
      if (isLost) return
      isLost = true
      if (current === client) {
        current = null
        clearInterval(heartbeat)
      }
      state = 'reconnecting'
      hadGap = true
      if (error && !isClosed) options.onError(error)
      client.end().catch(() => {})
      scheduleRetry()
    }
    client.on('notification', ({ channel, payload }) => {
      if (channel === options.channel && payload) safely(() => options.onNotification(payload))
    })
    client.on('error', lose)
    client.on('end', () => lose())
    try {
      await client.connect()
      await client.query(`listen ${options.channel}`)
    } catch (error) {
      return lose(error)
    }
    if (isLost) return
    if (isClosed) return void client.end().catch(() => {})
    current = client
    state = 'listening'
    failedAttempts = 0
    heartbeat = setInterval(() => void client.query('select 1').catch(lose), heartbeatMs)
    heartbeat.unref()
    if (hadGap) {
      hadGap = false
      safely(options.onResubscribed)
    }
  }

  await connect()
  return {
    state: (): ListenerState => state,
    async close(): Promise<void> {
      isClosed = true
      clearTimeout(retryTimer)
      clearInterval(heartbeat)
      await current?.end().catch(() => {})
    },
  }
}
