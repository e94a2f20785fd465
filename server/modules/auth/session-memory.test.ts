import { describe, expect, it } from 'vitest'
import { postgresOnly, owner, useAdminServer } from '../../test/test-server'
import { createClient } from '../../test/http-client'
import { createSessionMemory, type SessionRecord } from './session-memory'

const now = new Date('2026-11-23T10:00:00Z')
const record = (userId: string): SessionRecord => ({
  createdAt: now,
  lastSeenAt: now,
  mustSetPassword: false,
  user: { id: userId, username: userId, role: 'admin', active: true, hasTwoFactor: false },
  rules: { sessionIdleMinutes: 120, sessionAbsoluteDays: 7, requireTwoFactorForSuperAdmins: false },
})

describe('session memory', () => {
  const options = { maxEntries: 2, maxAgeMs: 60_000, isInformed: () => true }

  it('keeps a record until its admin or its session is forgotten', () => {
    const memory = createSessionMemory(options)
    memory.keep('s1', record('ada'), now, memory.startRead())
    memory.keep('s2', record('bob'), now, memory.startRead())
    expect(memory.recall('s1', now)?.user.id).toBe('ada')
    memory.forgetSessions('ada', ['other'])
    expect(memory.recall('s1', now)).not.toBeNull()
    memory.forgetAccount('ada')
    expect(memory.recall('s1', now)).toBeNull()
    expect(memory.recall('s2', now)).not.toBeNull()
    memory.forgetSessions('bob', null)
    expect(memory.recall('s2', now)).toBeNull()
  })

  it('never stores what a read that began before a forget found', () => {
    const memory = createSessionMemory(options)
    const readStartedAt = memory.startRead()
    // The session ends while the database answers the read.
    memory.forgetSessions('ada', ['s1'])
    memory.keep('s1', record('ada'), now, readStartedAt)
    expect(memory.recall('s1', now)).toBeNull()
  })

  it('reads again after its age, beyond its size, and whenever other processes go unheard', () => {
    let isInformed = true
    const memory = createSessionMemory({ ...options, isInformed: () => isInformed })
    memory.keep('s1', record('ada'), now, memory.startRead())
    expect(memory.recall('s1', new Date(now.getTime() + 60_000))).toBeNull()

    for (const id of ['s1', 's2', 's3']) memory.keep(id, record(id), now, memory.startRead())
    expect(memory.recall('s1', now)).toBeNull()
    expect(memory.recall('s3', now)).not.toBeNull()

    isInformed = false
    expect(memory.recall('s3', now)).toBeNull()
    memory.keep('s4', record('s4'), now, memory.startRead())
    isInformed = true
    expect(memory.recall('s4', now)).toBeNull()
  })
})

describe.each(postgresOnly)('a session kept in memory on %s', (kind) => {
  const context = useAdminServer(kind)

  it('is refused at once after logout', async () => {
    const client = createClient(context.server.baseUrl)
    await client.login(owner.username, owner.password)
    expect((await client.get('/api/admin/session')).status).toBe(200)
    const cookie = client.cookie!
    expect((await client.post('/api/admin/logout')).status).toBe(204)
    const replay = await fetch(new URL('/api/admin/session', context.server.baseUrl), {
      headers: { cookie },
    })
    expect(replay.status).toBe(401)
  })

  it('is held to tightened security rules at once', async () => {
    const { admin } = context
    expect((await admin.get('/api/trial-requests')).status).toBe(200)
    const rules = { sessionIdleMinutes: 120, sessionAbsoluteDays: 7 }
    const required = await admin.put('/api/settings/security', {
      ...rules,
      requireTwoFactorForSuperAdmins: true,
    })
    expect(required.status).toBe(200)
    const held = await admin.get('/api/trial-requests')
    expect(held.status).toBe(403)
    expect(held.body.message).toBe('Turn on two-factor sign-in to continue')
  })
})
