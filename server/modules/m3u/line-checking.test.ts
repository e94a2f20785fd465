import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lineCheckingMessage } from '../../../common/person-lines'
import { auditLog } from '../../db/schema/audit-log'
import { panelLinesRound } from './panel-rounds'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { panelSeconds, lineProbes } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

// Small, so that a panel that never answers costs the suite little.
const deadlineMs = 1_500
// Room for a busy runner, still short of the two deadlines that a look-up with its own would take.
const slackMs = 1_000
const minute = 60_000

describe.each(postgresOnly)('a panel that does not answer a create in time, on %s', (kind) => {
  const t = useMailServer(kind, { SUPPLIER_TIMEOUT_MS: String(deadlineMs) })
  const { lineOf, usernameOf, creates, onPanel } = lineProbes(t)
  /** The admin's create-line request, and how long it took to answer. */
  const timedCreate = async (personId: string) => {
    const started = performance.now()
    const answer = await t.admin.post(lineOf(personId), {})
    return { answer, elapsedMs: performance.now() - started }
  }
  /** The retry job's round once the first look is due (a minute after the create). */
  const retryRound = () => {
    t.advance(minute + 1_000)
    return panelLinesRound(t.server.app)
  }

  it('answers 202 within the deadline, the line checking; the retry buys exactly one when the create never reached the panel', async () => {
    const person = await t.newPerson()
    const username = usernameOf(person)
    t.supplier.setMode('hang')
    const { answer, elapsedMs } = await timedCreate(person.id)
    // One deadline for the create and its look-up, not one each.
    expect(elapsedMs).toBeLessThan(deadlineMs + slackMs)
    expect(answer.status).toBe(202)
    expect(answer.body).toMatchObject({
      username,
      status: 'checking',
      supplierLineId: null,
      panel: null,
    })
    expect((await t.admin.get(lineOf(person.id))).body).toEqual(answer.body)
    expect(onPanel(username)).toHaveLength(0)

    // Not due yet: the panel is left alone for a minute.
    t.supplier.setMode('ok')
    expect(await panelLinesRound(t.server.app)).toMatchObject({ linesSettled: 0 })
    expect(creates(username)).toHaveLength(1)

    expect(await retryRound()).toMatchObject({ linesSettled: 1, linesUnsettled: 0 })
    const made = (await t.admin.get(lineOf(person.id))).body
    expect(made).toMatchObject({
      id: answer.body.id,
      username,
      password: answer.body.password,
      status: 'active',
      supplierLineId: onPanel(username)[0]!.id,
      isSynced: true,
      panelError: null,
    })
    expect(onPanel(username)).toHaveLength(1)
    expect(creates(username)).toHaveLength(2)

    // Settled once: a later round finds nothing to do, and the customer gets one login.
    expect(await retryRound()).toMatchObject({ linesSettled: 0, linesUnsettled: 0 })
    expect(creates(username)).toHaveLength(2)
    const [login, ...more] = await t.flush()
    expect(more).toHaveLength(0)
    expect(login!.text).toContain(made.password)
    const [entry] = await t.server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'm3u_line.settle'), eq(auditLog.entityId, made.id)))
    expect(entry).toMatchObject({ actorUsername: 'system' })
  })

  it('settles as made a line the panel made but answered too late, and buys no second one', async () => {
    const person = await t.newPerson()
    const converted = await t.admin.post(
      `/api/trial-requests/${person.id}/convert-to-subscription`,
      { paidPlan: 'Starter', subscriptionMonths: 2, subscriptionPrice: '19.99' },
    )
    expect(converted.status).toBe(200)
    const username = usernameOf(person)
    // The panel makes the line (and takes its credits) but its answer comes after the deadline.
    t.supplier.setMode('slow', ['create_line'])
    const { answer, elapsedMs } = await timedCreate(person.id)
    expect(elapsedMs).toBeLessThan(deadlineMs + slackMs)
    expect(answer.status).toBe(202)
    expect(answer.body.status).toBe('checking')
    const credits = t.supplier.credits

    t.supplier.setMode('ok')
    expect(await retryRound()).toMatchObject({ linesSettled: 1 })
    expect(onPanel(username)).toHaveLength(1)
    expect(creates(username)).toHaveLength(1)
    expect(t.supplier.credits).toBe(credits)
    expect((await t.admin.get(lineOf(person.id))).body).toMatchObject({
      status: 'active',
      isTrial: false,
      supplierLineId: onPanel(username)[0]!.id,
    })
  })

  it('stays checking while the panel stays silent, and an admin asking again looks it up first', async () => {
    const person = await t.newPerson()
    const username = usernameOf(person)
    t.supplier.setMode('slow', ['create_line'])
    expect((await timedCreate(person.id)).answer.status).toBe(202)

    // Still silent at the retry: still checking, looked at again later, nothing bought.
    t.supplier.setMode('hang')
    expect(await retryRound()).toMatchObject({ linesSettled: 0, linesUnsettled: 1 })
    expect((await t.admin.get(lineOf(person.id))).body.status).toBe('checking')

    t.supplier.setMode('ok')
    const again = await t.admin.post(lineOf(person.id), {})
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({ status: 'active', supplierLineId: onPanel(username)[0]!.id })
    expect(creates(username)).toHaveLength(1)
    expect(onPanel(username)).toHaveLength(1)
  })

  it('pushes a change made while checking once the line is found (a conversion made it paid)', async () => {
    const person = await t.newPerson()
    const username = usernameOf(person)
    t.supplier.setMode('slow', ['create_line'])
    expect((await timedCreate(person.id)).answer.status).toBe(202)
    t.supplier.setMode('ok')
    const converted = await t.admin.post(
      `/api/trial-requests/${person.id}/convert-to-subscription`,
      { paidPlan: 'Starter', subscriptionMonths: 1, subscriptionPrice: '9.99', createLine: true },
    )
    expect(converted.status).toBe(200)
    expect(onPanel(username)[0]!.is_trial).toBe('1')

    await retryRound()
    // The round after settling pushes ours: the panel's line, made as a trial, is now paid.
    await panelLinesRound(t.server.app)
    expect(onPanel(username)[0]).toMatchObject({
      is_trial: '0',
      exp_date: panelSeconds(converted.body.subscriptionEndDate),
    })
    expect(creates(username)).toHaveLength(1)
    expect((await t.admin.get(lineOf(person.id))).body).toMatchObject({
      status: 'active',
      isTrial: false,
      isSynced: true,
    })
  })

  it('converts at once when the line it creates is left checking, and says so', async () => {
    const person = await t.newPerson()
    t.supplier.setMode('hang', ['create_line'])
    const started = performance.now()
    const converted = await t.admin.post(
      `/api/trial-requests/${person.id}/convert-to-subscription`,
      { paidPlan: 'Starter', subscriptionMonths: 1, subscriptionPrice: '9.99', createLine: true },
    )
    expect(performance.now() - started).toBeLessThan(deadlineMs + slackMs)
    expect(converted.status).toBe(200)
    expect(converted.body).toMatchObject({
      subscriptionStatus: 'active',
      lineProblem: lineCheckingMessage,
    })
    expect((await t.admin.get(lineOf(person.id))).body.status).toBe('checking')
    t.supplier.setMode('ok')
    await retryRound()
    expect(onPanel(usernameOf(person))).toHaveLength(1)
  })

  it('leaves the autopilot its own retry: the request stays queued, the line is not checking', async () => {
    const platform = { trialDurationHours: 24, maxConcurrentStreams: 2, autoStartTrials: true }
    expect((await t.admin.put('/api/settings/platform', platform)).status).toBe(200)
    const email = 'silent.ada@example.com'
    const request = await createClient(t.server.baseUrl).post('/api/trial-requests', {
      firstName: 'Ada',
      lastName: 'Silent',
      email,
      plan: 'Starter',
      clientRequestId: randomUUID(),
    })
    expect(request.status).toBe(201)
    const username = usernameOf(request.body)
    t.supplier.setMode('hang', ['create_line'])
    await t.flush()
    expect(
      (await t.admin.get(`/api/trial-requests/${request.body.id}/autopilot`)).body,
    ).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.any(String) })
    expect((await t.admin.get(lineOf(request.body.id))).status).toBe(404)

    t.supplier.setMode('ok')
    t.advance(minute)
    const [login] = await t.flush()
    expect(login!.to).toMatchObject({ text: email })
    expect(onPanel(username)).toHaveLength(1)
    await t.admin.put('/api/settings/platform', { ...platform, autoStartTrials: false })
  })
})
