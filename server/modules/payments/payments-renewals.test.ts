import { beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../../../common/payments'
import { renewalAttempts } from '../../db/schema/renewal-attempts'
import { insertPayment } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const at = (iso: string) => new Date(iso)

// The Payments view lists renewals apart (kind=renewal), and a renewal still open or failed
// shows the code its card was last declined with.
describe.each(postgresOnly)('renewals among the payments on %s', (kind) => {
  const t = useAdminServer(kind)
  const ids = { purchase: '', retrying: '', failed: '', recovered: '' }

  beforeAll(async () => {
    const db = t.server.app.db
    const ada = await insertTrialRequest(db, { firstName: 'Ada', lastName: 'Renewal' })
    const renewal = (end: string, status: 'pending' | 'failed' | 'paid') =>
      insertPayment(db, {
        trialRequestId: ada.id,
        provider: 'stripe',
        method: null,
        kind: 'renewal',
        status,
        renewsPeriodEnd: at(end),
        createdAt: at(end),
      })
    ids.purchase = (
      await insertPayment(db, { trialRequestId: ada.id, createdAt: at('2026-01-01T00:00:00Z') })
    ).id
    ids.recovered = (await renewal('2026-02-01T00:00:00Z', 'paid')).id
    ids.failed = (await renewal('2026-03-01T00:00:00Z', 'failed')).id
    ids.retrying = (await renewal('2026-04-01T00:00:00Z', 'pending')).id
    const declined = (paymentId: string, number: number, code: string) => ({
      paymentId,
      number,
      attemptedAt: at('2026-04-01T00:00:00Z'),
      outcome: 'declined' as const,
      code,
      message: 'Declined.',
    })
    await db
      .insert(renewalAttempts)
      .values([
        declined(ids.recovered, 1, 'insufficient_funds'),
        { ...declined(ids.recovered, 2, 'x'), outcome: 'succeeded', code: null },
        declined(ids.failed, 1, 'try_again_later'),
        declined(ids.failed, 2, 'expired_card'),
        declined(ids.retrying, 1, 'insufficient_funds'),
        { ...declined(ids.retrying, 2, 'x'), outcome: 'pending', code: null },
      ])
  })

  const list = async (query: string) => {
    const response = await t.admin.get<Payment[]>(`/api/payments${query}`)
    expect(response.status).toBe(200)
    return response.body
  }

  it('filters renewals from purchases, each payment naming its kind', async () => {
    const renewals = await list('?kind=renewal')
    expect(renewals.map(({ id }) => id)).toEqual([ids.retrying, ids.failed, ids.recovered])
    expect(renewals.every((payment) => payment.kind === 'renewal')).toBe(true)
    const purchases = await list('?kind=purchase')
    expect(purchases.map(({ id, kind }) => [id, kind])).toEqual([[ids.purchase, 'purchase']])
  })

  it('gives an open or failed renewal its last decline code, a paid one none', async () => {
    const codes = Object.fromEntries(
      (await list('?kind=renewal')).map((payment) => [payment.id, payment.declineCode]),
    )
    expect(codes).toEqual({
      [ids.retrying]: 'insufficient_funds',
      [ids.failed]: 'expired_card',
      [ids.recovered]: null,
    })
    expect((await list('?kind=renewal&status=failed')).map(({ id }) => id)).toEqual([ids.failed])
    expect((await t.admin.get<Payment>(`/api/payments/${ids.failed}`)).body.declineCode).toBe(
      'expired_card',
    )
  })

  it('exports the kind and the decline code', async () => {
    const csv = (await t.admin.get<string>('/api/payments/export.csv?kind=renewal&status=failed'))
      .body
    const [header, row] = csv.trim().split(/\r?\n/)
    expect(header).toContain('Kind,Decline code')
    expect(row).toContain('renewal,expired_card')
  })

  it('refuses an unknown kind with 400 naming kind', async () => {
    const response = await t.admin.get('/api/payments?kind=gift')
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'kind', message: 'kind must be purchase or renewal' },
    ])
  })
})
