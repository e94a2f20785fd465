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
})
