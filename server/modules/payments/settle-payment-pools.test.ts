import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import { openDatabase } from '../../db/client'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { insertPendingPayment } from '../../test/payment-fixtures'
import { useSupplierServer } from '../../test/supplier-server'
import { settlePayment, settleWithin } from './settle-payment'
import { systemPaymentContext } from './payment-context'

const day = 24 * 60 * 60 * 1000

// Two pools on one database lock as two server processes do; PGlite has one connection, so this
// only means something on PostgreSQL (payment-processes.test.ts runs real processes).
describe('settling a payment from two pools on one PostgreSQL', () => {
  const t = useSupplierServer('postgres')

  it('extends once when two processes settle at once', async () => {
    const { app } = t.server
    const other = await openDatabase(app.config.database)
    try {
      const end = new Date(t.now.getTime() + 3 * day)
      const person = await t.newPerson({
        subscriptionStatus: 'active',
        paidPlan: 'Family Plus',
        subscriptionPrice: '9.99',
        subscriptionStartDate: new Date(end.getTime() - 30 * day),
        subscriptionEndDate: end,
      })
      const payment = await insertPendingPayment(app.db, { trialRequestId: person.id, months: 1 })
      const confirmation = { amountMinor: 2997, currency: 'EUR', via: 'stripe' as const }
      const outcomes = await Promise.all([
        settlePayment(systemPaymentContext(app), payment.id, confirmation),
        other.db.transaction((tx) => settleWithin(tx, payment.id, confirmation, { now: t.now })),
      ])
      expect(outcomes.filter((outcome) => outcome.settledNow)).toHaveLength(1)
      const [after] = await app.db
        .select()
        .from(trialRequests)
        .where(eq(trialRequests.id, person.id))
      expect(after!.subscriptionEndDate).toEqual(addCalendarMonths(end, 1))
      const renewals = await app.db
        .select()
        .from(subscriptionRenewals)
        .where(eq(subscriptionRenewals.trialRequestId, person.id))
      expect(renewals).toHaveLength(1)
    } finally {
      await other.close()
    }
  })
})
