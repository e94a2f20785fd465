import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withNewEntries } from '../test/audit-trail'
import { insertBlogPost } from '../test/blog-fixtures'
import type { createClient, TestResponse } from '../test/http-client'
import { postgresOnly, useAdminServer } from '../test/test-server'
import { insertTrialRequest } from '../test/trial-fixtures'
import type { TestServer } from '../test/test-server'

type Context = { server: TestServer; admin: ReturnType<typeof createClient> }
type Case = {
  action: string
  entity: string
  /** Prepares the record the calls use (its own entries are not counted): its id, or a taken name. */
  arrange?: (t: Context) => Promise<string>
  succeed: (t: Context, id: string) => Promise<TestResponse>
  /** The entity id the entry names: the arranged id unless said otherwise. */
  entityId?: (response: TestResponse, id: string) => string | null
  /** A call refused with a 4xx after reaching the route's transaction, where there is one. */
  fail?: (t: Context, id: string) => Promise<TestResponse>
}

const missing = randomUUID()
let sequence = 0
const unique = (prefix: string) => `${prefix}-${++sequence}-${randomUUID().slice(0, 6)}`
const created = (response: TestResponse) => response.body.id as string
const none = () => null

const plan = () => ({ name: unique('Plan'), price: '9.99' })
const discount = (code: string) => ({ name: 'Spring', code, amount: 5, validFrom: '2026-01-01' })
const post = (slug: string) => ({ title: 'Audited post', content: 'Text', slug })
const ticket = {
  customerName: 'Ada',
  customerEmail: 'ada@example.com',
  subject: 'Audited',
  description: 'Please help',
}
const subscription = { paidPlan: 'Starter', subscriptionMonths: 1, subscriptionPrice: '9.99' }
const adminAccount = () => ({ username: unique('agent'), password: 'violet-harbour-4271' })
const trialRequest = async (t: Context) => (await insertTrialRequest(t.server.app.db)).id
const subscriber = async (t: Context) => {
  const row = await insertTrialRequest(t.server.app.db, {
    subscriptionStatus: 'active',
    paidPlan: 'Starter',
    subscriptionPrice: '9.99',
    subscriptionStartDate: new Date(),
    subscriptionEndDate: new Date(Date.now() + 86_400_000),
  })
  return row.id
}

const cases: Case[] = [
  {
    action: 'plan.create',
    entity: 'plan',
    succeed: (t) => t.admin.post('/api/plans', plan()),
    entityId: created,
  },
  {
    action: 'plan.update',
    entity: 'plan',
    arrange: async (t) => created(await t.admin.post('/api/plans', plan())),
    succeed: (t, id) => t.admin.put(`/api/plans/${id}`, plan()),
    fail: (t) => t.admin.put(`/api/plans/${missing}`, plan()),
  },
  {
    action: 'plan.delete',
    entity: 'plan',
    arrange: async (t) => created(await t.admin.post('/api/plans', plan())),
    succeed: (t, id) => t.admin.delete(`/api/plans/${id}`),
    fail: (t) => t.admin.delete(`/api/plans/${missing}`),
  },
  {
    action: 'discount.create',
    entity: 'discount',
    arrange: async (t) => {
      const code = unique('TAKEN')
      await t.admin.post('/api/discounts', discount(code))
      return code
    },
    succeed: (t) => t.admin.post('/api/discounts', discount(unique('CODE'))),
    entityId: created,
    // The unique index refuses it inside the transaction.
    fail: (t, code) => t.admin.post('/api/discounts', discount(code)),
  },
  {
    action: 'discount.update',
    entity: 'discount',
    arrange: async (t) => created(await t.admin.post('/api/discounts', discount(unique('C')))),
    succeed: (t, id) => t.admin.put(`/api/discounts/${id}`, discount(unique('C'))),
    fail: (t) => t.admin.put(`/api/discounts/${missing}`, discount(unique('C'))),
  },
  {
    action: 'discount.delete',
    entity: 'discount',
    arrange: async (t) => created(await t.admin.post('/api/discounts', discount(unique('C')))),
    succeed: (t, id) => t.admin.delete(`/api/discounts/${id}`),
    fail: (t) => t.admin.delete(`/api/discounts/${missing}`),
  },
  {
    action: 'blog_post.create',
    entity: 'blog_post',
    arrange: async (t) => (await insertBlogPost(t.server.app.db, { title: unique('Taken') })).slug,
    succeed: (t) => t.admin.post('/api/blog-posts', post(unique('slug'))),
    entityId: created,
    fail: (t, slug) => t.admin.post('/api/blog-posts', post(slug)),
  },
  {
    action: 'blog_post.update',
    entity: 'blog_post',
    arrange: async (t) => (await insertBlogPost(t.server.app.db, { title: unique('Post') })).id,
    succeed: (t, id) => t.admin.put(`/api/blog-posts/${id}`, post(unique('slug'))),
    fail: (t) => t.admin.put(`/api/blog-posts/${missing}`, post(unique('slug'))),
  },
  {
    action: 'blog_post.delete',
    entity: 'blog_post',
    arrange: async (t) => (await insertBlogPost(t.server.app.db, { title: unique('Post') })).id,
    succeed: (t, id) => t.admin.delete(`/api/blog-posts/${id}`),
    fail: (t) => t.admin.delete(`/api/blog-posts/${missing}`),
  },
  {
    action: 'blog_post.publish',
    entity: 'blog_post',
    arrange: async (t) =>
      (await insertBlogPost(t.server.app.db, { title: unique('Draft'), published: false })).id,
    succeed: (t, id) => t.admin.put(`/api/blog-posts/${id}/publish`),
    fail: (t) => t.admin.put(`/api/blog-posts/${missing}/publish`),
  },
  {
    action: 'trial_request.update',
    entity: 'trial_request',
    arrange: trialRequest,
    succeed: (t, id) => t.admin.put(`/api/trial-requests/${id}`, { adminNotes: 'Called' }),
    fail: (t) => t.admin.put(`/api/trial-requests/${missing}`, { adminNotes: 'Called' }),
  },
  {
    action: 'trial_request.status',
    entity: 'trial_request',
    arrange: trialRequest,
    succeed: (t, id) => t.admin.put(`/api/trial-requests/${id}/status`, { status: 'Contacted' }),
    fail: (t) => t.admin.put(`/api/trial-requests/${missing}/status`, { status: 'Contacted' }),
  },
  {
    action: 'trial_request.convert',
    entity: 'trial_request',
    arrange: trialRequest,
    succeed: (t, id) =>
      t.admin.post(`/api/trial-requests/${id}/convert-to-subscription`, subscription),
    fail: async (t) =>
      t.admin.post(
        `/api/trial-requests/${await subscriber(t)}/convert-to-subscription`,
        subscription,
      ),
  },
  {
    action: 'trial_request.delete_subscription',
    entity: 'trial_request',
    arrange: subscriber,
    succeed: (t, id) => t.admin.delete(`/api/trial-requests/${id}/subscription`),
    fail: async (t) => t.admin.delete(`/api/trial-requests/${await trialRequest(t)}/subscription`),
  },
  {
    action: 'trial_request.delete',
    entity: 'trial_request',
    arrange: trialRequest,
    succeed: (t, id) => t.admin.delete(`/api/trial-requests/${id}`),
    fail: (t) => t.admin.delete(`/api/trial-requests/${missing}`),
  },
  {
    action: 'admin_user.create',
    entity: 'admin_user',
    arrange: async (t) => (await t.admin.post('/api/admin/users', adminAccount())).body.username,
    succeed: (t) => t.admin.post('/api/admin/users', adminAccount()),
    entityId: created,
    fail: (t, taken: string) =>
      t.admin.post('/api/admin/users', { ...adminAccount(), username: taken.toUpperCase() }),
  },
  {
    action: 'admin_user.delete',
    entity: 'admin_user',
    arrange: async (t) => created(await t.admin.post('/api/admin/users', adminAccount())),
    succeed: (t, id) => t.admin.delete(`/api/admin/users/${id}`),
    fail: (t) => t.admin.delete(`/api/admin/users/${missing}`),
  },
  {
    action: 'settings.update',
    entity: 'settings',
    succeed: (t) =>
      t.admin.put('/api/settings/platform', { trialDurationHours: 48, maxConcurrentStreams: 3 }),
    entityId: none,
  },
  {
    action: 'settings.update_security',
    entity: 'settings',
    succeed: (t) =>
      t.admin.put('/api/settings/security', {
        sessionIdleMinutes: 120,
        sessionAbsoluteDays: 7,
        requireTwoFactorForSuperAdmins: false,
      }),
    entityId: none,
  },
  {
    action: 'ticket.update',
    entity: 'support_ticket',
    arrange: async (t) => created(await t.admin.post('/api/support-tickets', ticket)),
    succeed: (t, id) => t.admin.patch(`/api/support-tickets/${id}`, { status: 'in_progress' }),
    fail: (t) => t.admin.patch(`/api/support-tickets/${missing}`, { status: 'in_progress' }),
  },
  {
    action: 'maintenance.expire_now',
    entity: 'maintenance',
    succeed: (t) => t.admin.post('/api/maintenance/expire-now'),
    entityId: none,
  },
  {
    action: 'maintenance.backup',
    entity: 'maintenance',
    succeed: (t) => t.admin.get('/api/maintenance/backup'),
    entityId: none,
  },
]

describe.each(postgresOnly)('the audit trail of each admin change on %s', (kind) => {
  const t = useAdminServer(kind)

  it.each(cases)('$action: one entry in the change’s transaction', async (change) => {
    const id = (await change.arrange?.(t)) ?? ''
    const { result, entries } = await withNewEntries(t.server.app.db, () => change.succeed(t, id))
    expect(result.status, JSON.stringify(result.body)).toBeLessThan(300)
    expect(entries).toEqual([
      expect.objectContaining({
        actorUsername: 'owner',
        action: change.action,
        entityType: change.entity,
        entityId: change.entityId ? change.entityId(result, id) : id,
      }),
    ])
  })

  it.each(cases.filter((change) => change.fail))(
    '$action: no entry when refused',
    async (change) => {
      const id = (await change.arrange?.(t)) ?? ''
      const { result, entries } = await withNewEntries(t.server.app.db, () => change.fail!(t, id))
      expect(result.status).toBeGreaterThanOrEqual(400)
      expect(result.status).toBeLessThan(500)
      expect(entries).toEqual([])
    },
  )

  it('keeps field names, never values', async () => {
    const { entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.post('/api/admin/users', adminAccount()),
    )
    expect(entries[0]!.details).toEqual({ fields: ['username', 'password', 'role'] })
    expect(JSON.stringify(entries)).not.toContain('violet-harbour')
  })
})
