import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { leaseMs, leaseUntil } from '../../lib/lease'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { panelLine } from '../../test/supplier-server'
import { databaseKinds } from '../../test/test-server'
import { claimDueAutostart } from './trial-autopilot.service'

const platform = { trialDurationHours: 24, maxConcurrentStreams: 2, timeZone: 'UTC' }
const minute = 60_000

describe.each(databaseKinds)('trial autopilot on %s', (kind) => {
  const t = useMailServer(kind)
  const lineUsername = (subscriptionId: string) => `sl${subscriptionId.slice(4).toLowerCase()}`
  const creates = (username: string) =>
    t.supplier.calls.filter(
      (call) => call.action === 'create_line' && call.form.get('username') === username,
    )
  const autopilotOf = async (id: string) =>
    (await t.admin.get(`/api/trial-requests/${id}/autopilot`)).body
  const setAutopilot = async (autoStartTrials: boolean) => {
    const saved = await t.admin.put('/api/settings/platform', { ...platform, autoStartTrials })
    expect(saved.body).toEqual({ ...platform, autoStartTrials })
  }

  /** A visitor's trial request, as the public form sends it. */
  async function requestTrial(email: string, lastName = 'Lovelace') {
    const answer = await createClient(t.server.baseUrl).post('/api/trial-requests', {
      firstName: 'Ada',
      lastName,
      email,
      plan: 'Starter',
      clientRequestId: randomUUID(),
    })
    expect(answer.status).toBe(201)
    return answer.body as { id: string; subscriptionId: string }
  }

  it('is off by default, and stays off for a client that does not send it', async () => {
    expect((await t.admin.get('/api/settings/platform')).body).toEqual({
      ...platform,
      autoStartTrials: false,
    })
    await t.admin.put('/api/settings/platform', { ...platform, autoStartTrials: true })
    expect((await t.admin.put('/api/settings/platform', platform)).body).toEqual({
      ...platform,
      autoStartTrials: false,
    })
    const wrong = await t.admin.put('/api/settings/platform', { ...platform, autoStartTrials: 1 })
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(wrong.body)).toContain('autoStartTrials')
  })

  it('off: a request waits for an admin and nothing is made', async () => {
    await setAutopilot(false)
    const request = await requestTrial('off.ada@example.com')
    await t.flush()
    expect(creates(lineUsername(request.subscriptionId))).toHaveLength(0)
    expect(await t.messagesTo('off.ada@example.com')).toEqual([])
    expect(await autopilotOf(request.id)).toBeNull()
  })

  it('on: a trusted request gets its trial line and login with no admin, once', async () => {
    await setAutopilot(true)
    const request = await requestTrial('on.ada@example.com')
    expect(await autopilotOf(request.id)).toMatchObject({ status: 'queued', isOn: true })
    // Three runs at once (as many processes would): one line, one login.
    const before = t.smtp.received.length
    const runs = await Promise.all([1, 2, 3].map(() => t.admin.post('/api/maintenance/expire-now')))
    expect(runs.reduce((sum, run) => sum + run.body.trialsStarted, 0)).toBe(1)
    await t.flush()
    const username = lineUsername(request.subscriptionId)
    expect(creates(username)).toHaveLength(1)
    const onPanel = panelLine(t.supplier, username)
    expect(onPanel).toMatchObject({ is_trial: '1', enabled: '1' })

    const mails = t.smtp.received.slice(before).filter((mail) => mail.to && 'text' in mail.to)
    const logins = mails.filter((mail) => mail.subject === 'Your StreamLine login is ready')
    expect(logins).toHaveLength(1)
    expect(logins[0]!.to).toMatchObject({ text: 'on.ada@example.com' })
    expect(logins[0]!.text).toContain(username)
    expect(logins[0]!.text).toContain(onPanel.password)
    expect(await autopilotOf(request.id)).toMatchObject({
      status: 'started',
      startedAt: t.now.toISOString(),
    })
    const stats = (await t.admin.get('/api/trial-requests/autopilot-stats')).body
    expect(stats).toMatchObject({ isOn: true, started: 1, medianSecondsToLogin: 0 })
  })

  it('untrusted: waits for an admin with the reasons, and nothing is made', async () => {
    await setAutopilot(true)
    const request = await requestTrial('ada.waits@mailinator.com')
    await t.flush()
    expect(creates(lineUsername(request.subscriptionId))).toHaveLength(0)
    const autopilot = await autopilotOf(request.id)
    expect(autopilot).toMatchObject({ status: 'waiting', attempts: 0 })
    expect(autopilot.reason).toMatch(/^Waiting for an admin: trust score \d+ below 60$/)
    const person = (await t.admin.get(`/api/people/${request.id}`)).body.person
    expect(person.trust.reasons.join(' ')).toContain('mailinator.com')
    expect((await t.admin.get('/api/trial-requests/autopilot-stats')).body.waiting).toBe(1)
  })

  it('panel down: the request waits with the panel’s words and is retried with backoff', async () => {
    await setAutopilot(true)
    const request = await requestTrial('down.ada@example.com')
    const username = lineUsername(request.subscriptionId)
    t.supplier.setMode('server-error')
    await t.flush()
    const failed = await autopilotOf(request.id)
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 })
    // The first step is a minute, the wait between half and all of it (common/backoff.ts).
    const wait = Date.parse(failed.nextAttemptAt) - t.now.getTime()
    expect([wait >= minute / 2, wait <= minute]).toEqual([true, true])
    expect(failed.lastError).toBeTruthy()
    const tried = creates(username).length
    expect(tried).toBeGreaterThan(0)

    // Not hammered: nothing is sent to the panel before the next try is due.
    t.supplier.setMode('ok')
    expect(await t.flush()).toHaveLength(0)
    expect(creates(username)).toHaveLength(tried)
    expect((await t.admin.get('/api/trial-requests/autopilot-stats')).body.waiting).toBe(2)

    t.advance(minute)
    const [login, ...rest] = await t.flush()
    expect(rest).toHaveLength(0)
    expect(login!.to).toMatchObject({ text: 'down.ada@example.com' })
    expect(login!.text).toContain(panelLine(t.supplier, username).password)
    expect(await autopilotOf(request.id)).toMatchObject({ status: 'started', lastError: null })
  })

  it('a request claimed by a process that died is started by another once its lease lapses', async () => {
    await setAutopilot(true)
    const request = await requestTrial('orphan.ada@example.com')
    const username = lineUsername(request.subscriptionId)
    // A process claims it, then dies before it calls the panel: nobody renews the claim.
    const claimed = await claimDueAutostart(t.server.app.db, t.now, leaseUntil(t.now))
    expect(claimed).toMatchObject({ personId: request.id, attempts: 1 })

    t.advance(leaseMs - 1)
    expect(await t.flush()).toHaveLength(0)
    expect(creates(username)).toHaveLength(0)

    t.advance(2)
    const [login, ...rest] = await t.flush()
    expect(rest).toHaveLength(0)
    expect(login!.to).toMatchObject({ text: 'orphan.ada@example.com' })
    expect(creates(username)).toHaveLength(1)
    expect(await autopilotOf(request.id)).toMatchObject({ status: 'started', attempts: 2 })
  })
})
