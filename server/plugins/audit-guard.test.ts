import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { withNewEntries } from '../test/audit-trail'
import { registerAudit } from './audit'
import { auditAction, auditedChange, resultId, type AuditAction } from '../modules/audit/command'
import { commandContext } from '../modules/audit/command-context'
import { registerErrorHandler } from './error-handler'

const audit = (verb: string) => ({ audit: auditAction('thing', verb) })
/** A command's audited change, run by the request's route: its entry names what it returns. */
const change = <T>(request: FastifyRequest, action: AuditAction, result: T) =>
  auditedChange(
    commandContext(request),
    action,
    { entityId: resultId, details: null },
    async () => result,
  )
const ada = { id: randomUUID(), username: 'ada' } as FastifyRequest['admin']

/** An app with only the audit plugin, and an admin when the request says `x-admin`. */
function auditedApp(database: Database, logs: string[]) {
  const app = Fastify({ logger: { level: 'error', stream: { write: (line) => logs.push(line) } } })
  app.decorate('db', database.db)
  app.decorate('now', () => new Date())
  app.decorateRequest('admin', null)
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-admin']) request.admin = ada
  })
  registerErrorHandler(app)
  registerAudit(app)
  return app
}

describe('the audit plugin’s guards', () => {
  let database: Database
  let app: FastifyInstance
  const logs: string[] = []

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
    app = auditedApp(database, logs)
    app.post('/api/records', { config: audit('record') }, async (request) =>
      change(request, auditAction('thing', 'record'), { id: 'thing-1' }),
    )
    app.post('/api/forgets', { config: audit('forget') }, async () => ({ id: 'thing-2' }))
    app.post('/api/records-twice', { config: audit('twice') }, async (request) => {
      await change(request, auditAction('thing', 'twice'), null)
      return change(request, auditAction('thing', 'twice'), null)
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const call = (url: string, headers: Record<string, string> = { 'x-admin': '1' }) =>
    withNewEntries(database.db, () => app.inject({ method: 'POST', url, headers }))

  it('writes the entry with the change, naming the result’s id', async () => {
    const { result, entries } = await call('/api/records')
    expect(result.statusCode).toBe(200)
    expect(entries).toEqual([
      expect.objectContaining({ action: 'thing.record', entityId: 'thing-1', actorId: ada!.id }),
    ])
  })

  it('fails loudly when an audited route succeeds without its entry', async () => {
    const { result } = await call('/api/forgets')
    expect(result.statusCode).toBe(500)
    expect(logs.join('\n')).toContain('POST /api/forgets answered 200 without recording its audit')
  })

  it('never writes two entries for one request', async () => {
    const { result, entries } = await call('/api/records-twice')
    expect(result.statusCode).toBe(500)
    expect(entries).toHaveLength(1)
  })

  it('refuses a change with no admin behind it', async () => {
    const { result, entries } = await call('/api/records', {})
    expect(result.statusCode).toBe(401)
    expect(entries).toEqual([])
  })

  it('stops start-up when a route changes data without declaring its audit action', async () => {
    const bare = auditedApp(database, logs)
    const register = async () => {
      bare.delete('/api/things/:id', async () => null)
      await bare.ready()
    }
    await expect(register).rejects.toThrow('DELETE /api/things/:id changes data but declares no')
    await bare.close().catch(() => {})
  })
})
