import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { queryRows } from '../../db/client'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { readLastBackup } from '../maintenance/backup-state'
import {
  jobRunSignals,
  panelCallSignals,
  webhookSignals,
  type JobRunSignal,
  type PanelCallSignal,
  type WebhookSignal,
} from '../../lib/signals'

const prefix = 'streamline_'
// From a cached page to a slow panel call behind a request.
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * The app's Prometheus metrics in a registry of its own (never the global one), so that several
 * apps in one process (tests) keep theirs apart. Database figures are read at each scrape.
 */
export function createMetrics(app: FastifyInstance, pool: pg.Pool | null): Registry {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })

  const requests = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: requestBuckets,
    registers,
  })
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched paths share one label: their spellings are the caller's, unbounded.
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched')
    const labels = { route, method: request.method, status: String(reply.statusCode) }
    requests.observe(labels, reply.elapsedTime / 1000)
  })

  // Answers the HTTP server sends from memory, before Fastify sees the request, count too.
  app.publicContent.onAnswerFromMemory(({ route, method, status, seconds }) =>
    requests.observe({ route, method, status: String(status) }, seconds),
  )

  new Gauge({
    name: `${prefix}last_backup_timestamp_seconds`,
    help: 'When the last backup file was written into BACKUP_DIR; 0 when none was',
    registers,
    async collect() {
      const last = await readLastBackup(app.db).catch(() => undefined)
      if (last !== undefined) this.set(last ? new Date(last.at).getTime() / 1000 : 0)
    },
  })

  new Gauge({
    name: `${prefix}open_sockets`,
    help: 'Live sockets (/ws) open in this process',
    registers,
    collect() {
      this.set(app.openSockets())
    },
  })

  // The registry reads its metrics at once: both outbox gauges share one query per scrape.
  let outboxReading: Promise<{ unsent: number; age: number | null } | undefined> | null = null
  const readOutbox = () =>
    (outboxReading ??= queryRows<{ unsent: number; age: number | null }>(
      app.db,
      // The age by the database's clock, the one that stamped the rows.
      sql`select count(*)::int as unsent,
            extract(epoch from now() - min(${outboxMessages.createdAt}))::float8 as age
          from ${outboxMessages} where ${outboxMessages.status} in ('queued', 'sending')`,
    )
      .then(([row]) => row)
      .catch(() => undefined)
      .finally(() => (outboxReading = null)))
  new Gauge({
    name: `${prefix}outbox_unsent_messages`,
    help: 'Messages to customers not sent yet (queued or being sent)',
    registers,
    async collect() {
      const row = await readOutbox()
      if (row) this.set(row.unsent)
    },
  })
  new Gauge({
    name: `${prefix}outbox_oldest_unsent_age_seconds`,
    help: 'Age of the oldest message not sent yet; 0 when none waits',
    registers,
    async collect() {
      const row = await readOutbox()
      if (row) this.set(Math.max(0, row.age ?? 0))
    },
  })

  const panelCalls = new Histogram({
    name: `${prefix}panel_call_duration_seconds`,
    help: 'Calls to the supplier panel by action and outcome (ok, refused, failed)',
    labelNames: ['action', 'outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers,
  })
  const webhooks = new Counter({
    name: `${prefix}payment_webhooks_total`,
    help: 'Payment provider webhooks by provider and outcome',
    labelNames: ['provider', 'outcome'],
    registers,
  })
  const jobRuns = new Histogram({
    name: `${prefix}job_run_duration_seconds`,
    help: 'Runs of the periodic jobs by job and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  })
  const jobLastSuccess = new Gauge({
    name: `${prefix}job_last_success_timestamp_seconds`,
    help: 'When each job last finished well (alert on time() minus this: its lag)',
    labelNames: ['job'],
    registers,
  })

  if (pool) {
    const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name: `${prefix}db_pool_${name}`,
        help,
        registers,
        collect() {
          this.set(read(pool))
        },
      })
    poolGauge('connections', 'Connections the pool holds', (p) => p.totalCount)
    poolGauge('idle_connections', 'Connections idle in the pool', (p) => p.idleCount)
    poolGauge('waiting_requests', 'Queries waiting for a connection', (p) => p.waitingCount)
  }

  const onPanelCall = (message: unknown) => {
    const { action, outcome, seconds } = message as PanelCallSignal
    panelCalls.observe({ action, outcome }, seconds)
  }
  const onWebhook = (message: unknown) => {
    const { provider, outcome } = message as WebhookSignal
    webhooks.inc({ provider, outcome })
  }
  const onJobRun = (message: unknown) => {
    const { job, outcome, seconds, finishedAt } = message as JobRunSignal
    jobRuns.observe({ job, outcome }, seconds)
    if (outcome === 'ok') jobLastSuccess.set({ job }, finishedAt.getTime() / 1000)
  }
  subscribe(panelCallSignals.name, onPanelCall)
  subscribe(webhookSignals.name, onWebhook)
  subscribe(jobRunSignals.name, onJobRun)
  app.addHook('onClose', async () => {
    unsubscribe(panelCallSignals.name, onPanelCall)
    unsubscribe(webhookSignals.name, onWebhook)
    unsubscribe(jobRunSignals.name, onJobRun)
  })
  return registry
}
