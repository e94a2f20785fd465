import { describe, expect, it } from 'vitest'
import type { Payment } from '@common/payments'
import type { Plan } from '@common/plans'
import { recordPaymentStart } from './record-payment-defaults'

const plan = (id: string, name: string, billingPeriod: Plan['billingPeriod']) =>
  ({ id, name, billingPeriod }) as Plan
const starter = plan('p-starter', 'Starter', 'monthly')
const household = plan('p-household', 'Household', 'quarterly')
const plans = [starter, household]

const payment = (fields: Partial<Payment>) =>
  ({ planId: household.id, months: 3, method: null, status: 'paid', ...fields }) as Payment

describe('recordPaymentStart', () => {
  it("opens on the person's plan, the term they last paid it for and their last method", () => {
    const payments = [
      payment({ months: 6, method: null }),
      payment({ status: 'expired', method: 'crypto', months: 1 }),
      payment({ months: 3, method: 'cash' }),
      payment({ method: 'paypal' }),
    ]
    expect(recordPaymentStart(plans, 'household', payments)).toEqual({
      planId: household.id,
      months: '6',
      method: 'cash',
    })
  })

  it("without payments opens on the plan's own term and a bank transfer", () => {
    expect(recordPaymentStart(plans, 'Household', [])).toEqual({
      planId: household.id,
      months: '3',
      method: 'bank_transfer',
    })
  })

  it('takes the plan of the last payment when their plan is not on sale', () => {
    const start = recordPaymentStart(plans, 'Custom deal', [payment({ months: 2 })])
    expect(start).toEqual({ planId: household.id, months: '2', method: 'bank_transfer' })
    expect(recordPaymentStart(plans, null, []).planId).toBe(starter.id)
  })
})
