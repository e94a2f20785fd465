import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../db/client'
import { registerAudit } from '../../plugins/audit'
import { registerErrorHandler } from '../../plugins/error-handler'
import { createEventBus, type BusEvent } from '../../realtime/event-bus'
import { withNewEntries } from '../../test/audit-trail'
import { auditAction, auditedChange, type CommandContext } from './command'
import { commandContext, systemContext } from './command-context'

const ada = { id: randomUUID(), username: 'ada' } as FastifyRequest['admin']
const record = auditAction('thing', 'record')

/** A command as every module writes one: its change and entry, then its event after the commit. */
async function recordThing(ctx: CommandContext, id: string) {
  const entry = { entityId: id, details: { fields: ['name'] } }
  const result = await auditedChange(ctx, record, entry, async () => ({ id }))
  await ctx.bus.publish({ kind: 'public_content_changed', scope: 'plans' })
  return result
}

describe('a command', () => {
  let database: Database
  let app: FastifyInstance
  const events: BusEvent[] = []

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
    app = Fastify({ logger: false })
    app.decorate('db', database.db)
    app.decorate('now', () => new Date('2026-11-29T12:00:00Z'))
    app.decorate('bus', await createEventBus(database, null, () => {}))
    app.bus.subscribe((event) => events.push(event))
    app.decorateRequest('admin', null)
    app.addHook('onRequest', async (request) => {
      request.admin = ada
    })
    registerErrorHandler(app)
    registerAudit(app)
    app.post('/api/records/:id', { config: { audit: record } }, async (request) =>
      recordThing(commandContext(request), (request.params as { id: string }).id),
    )
    app.post('/api/others/:id', { config: { audit: auditAction('thing', 'other') } }, (request) =>
      recordThing(commandContext(request), (request.params as { id: string }).id),
    )
    // A change PostgreSQL rolls back to break a deadlock, `deadlocks` times before it passes.
    let deadlocks = 0
    app.post<{ Params: { id: string }; Querystring: { deadlocks: string } }>(
      '/api/busy/:id',
      { config: { audit: record } },
      (request) => {
        deadlocks = Number(request.query.deadlocks)
        const entry = { entityId: request.params.id, details: null }
        return auditedChange(commandContext(request), record, entry, async () => {
          if (deadlocks-- > 0)
            throw Object.assign(new Error('deadlock detected'), { code: '40P01' })
          return { id: request.params.id }
        })
      },
    )
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await app.bus.close()
    await database.close()
  })

  it('run by a route records its admin, and publishes once committed', async () => {
    events.length = 0
    const { result, entries } = await withNewEntries(database.db, () =>
      app.inject({ method: 'POST', url: '/api/records/thing-1' }),
    )
    expect(result.statusCode).toBe(200)
    expect(entries).toEqual([
      expect.objectContaining({ action: 'thing.record', entityId: 'thing-1', actorId: ada!.id }),
    ])
    expect(events).toEqual([{ kind: 'public_content_changed', scope: 'plans' }])
  })

  it('run by a job records the system, the same entry otherwise', async () => {
    const { result, entries } = await withNewEntries(database.db, () =>
      recordThing(systemContext(app), 'thing-2'),
    )
    expect(result).toEqual({ id: 'thing-2' })
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'thing.record',
        entityId: 'thing-2',
        actorId: null,
        actorUsername: 'system',
        details: { fields: ['name'] },
      }),
    ])
  })

  it('refuses, writing nothing, when its route declares another action', async () => {
    events.length = 0
    const { result, entries } = await withNewEntries(database.db, () =>
      app.inject({ method: 'POST', url: '/api/others/thing-3' }),
    )
    expect(result.statusCode).toBe(500)
    expect(entries).toEqual([])
    expect(events).toEqual([])
  })

  it('runs again whole when PostgreSQL broke a deadlock, and says try again when it keeps on', async () => {
    const once = await withNewEntries(database.db, () =>
      app.inject({ method: 'POST', url: '/api/busy/thing-4?deadlocks=1' }),
    )
    expect(once.result.statusCode).toBe(200)
    expect(once.entries).toEqual([expect.objectContaining({ entityId: 'thing-4' })])

    const always = await withNewEntries(database.db, () =>
      app.inject({ method: 'POST', url: '/api/busy/thing-5?deadlocks=99' }),
    )
    expect(always.result.statusCode).toBe(503)
    expect(always.result.headers['retry-after']).toBe('1')
    expect(always.result.json()).toEqual({
      message: 'Another change met this one at the same moment, so nothing was saved. Try again.',
    })
    expect(always.entries).toEqual([])
  })
})
