import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../common/audit'
import { auditSentenceText, describeAuditEntry } from '../../../common/audit-sentences'
import { auditLog } from '../../db/schema/audit-log'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(postgresOnly)('the Activity log reads as sentences on %s', (kind) => {
  const context = useAdminServer(kind)

  const latest = async (query = '') => {
    const { status, body } = await context.admin.get(`/api/audit-log?limit=50${query}`)
    expect(status).toBe(200)
    return body as AuditEntry[]
  }
  const sentences = (entries: AuditEntry[]) =>
    entries.map((entry) => auditSentenceText(describeAuditEntry(entry)))

  it('names the person and the plan and price a trial was converted to, with a link', async () => {
    const lina = await insertTrialRequest(context.server.app.db, {
      firstName: 'Lina',
      lastName: 'Check',
    })
    const converted = await context.admin.post(
      `/api/trial-requests/${lina.id}/convert-to-subscription`,
      { paidPlan: 'Starter Quarterly', subscriptionMonths: 3, subscriptionPrice: '29.99' },
    )
    expect(converted.status).toBe(200)
    const [entry] = await latest(`&entityId=${lina.id}`)
    expect(entry!.subject).toEqual({
      name: 'Lina Check',
      plan: 'Starter Quarterly',
      price: '29.99',
    })
    const sentence = describeAuditEntry(entry!)
    expect(auditSentenceText(sentence)).toBe(
      'owner converted Lina Check to Starter Quarterly, 29.99',
    )
    expect(sentence.subject?.href).toBe(`/admin/users/${lina.id}`)
  })

  it('still names what was deleted, without a link', async () => {
    const created = await context.admin.post('/api/discounts', {
      name: 'Spring sale',
      code: 'spring10',
      percentage: '10',
      validFrom: '2026-03-01',
    })
    expect(created.status).toBe(201)
    expect(
      (await context.admin.request('DELETE', `/api/discounts/${created.body.id}`)).status,
    ).toBe(204)
    const [deleted, made] = await latest(`&entityId=${created.body.id}`)
    expect(sentences([deleted!, made!])).toEqual([
      'owner deleted the discount SPRING10',
      'owner created the discount SPRING10',
    ])
    expect(deleted!.isEntityGone).toBe(true)
    expect(describeAuditEntry(deleted!).subject?.href).toBeNull()
  })

  it('names entries recorded before names were kept, and says when the entity is gone', async () => {
    const db = context.server.app.db
    const ticket = await context.admin.post('/api/support-tickets', {
      customerName: 'Sam Viewer',
      customerEmail: 'sam@example.com',
      subject: 'No picture',
      description: 'Black screen on channel 4',
    })
    const grace = await insertTrialRequest(db, { firstName: 'Grace', lastName: 'Hopper' })
    const goneId = randomUUID()
    const old = [
      { action: 'trial_request.delete', entityType: 'trial_request', entityId: goneId },
      { action: 'trial_request.status', entityType: 'trial_request', entityId: grace.id },
      { action: 'ticket.update', entityType: 'support_ticket', entityId: ticket.body.id },
      { action: 'settings.update', entityType: 'settings', entityId: null },
    ]
    await db.insert(auditLog).values(
      old.map((entry, minute) => ({
        ...entry,
        actorId: null,
        actorUsername: 'ada',
        details: null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 12, minute)),
      })),
    )
    const entries = (await latest('&actor=ada')).reverse()
    expect(sentences(entries)).toEqual([
      'ada deleted a trial request',
      'ada changed the follow-up stage of Grace Hopper',
      'ada updated the ticket “No picture”',
      'ada changed the platform settings',
    ])
    expect(entries.map((entry) => describeAuditEntry(entry).subject?.href ?? null)).toEqual([
      null,
      `/admin/users/${grace.id}`,
      `/admin/support/${ticket.body.id}`,
      null,
    ])
    expect(entries.map((entry) => entry.isEntityGone)).toEqual([true, false, false, false])
  })

  it('names scheduled changes too', async () => {
    const db = context.server.app.db
    const expired = await insertTrialRequest(db, {
      firstName: 'Old',
      lastName: 'Trial',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    })
    expect((await context.admin.post('/api/maintenance/expire-now')).status).toBe(200)
    const [entry] = await latest(`&entityId=${expired.id}`)
    expect(auditSentenceText(describeAuditEntry(entry!))).toBe(
      'The system ended the trial of Old Trial',
    )
  })
})
