import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertPayment } from '../../test/payment-fixtures'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(postgresOnly)('payments CSV export on %s', (kind) => {
  const t = useAdminServer(kind, { now: () => new Date('2026-05-02T08:00:00Z') })
  let personId: string
  let paymentId: string

  beforeAll(async () => {
    const db = t.server.app.db
    const person = await insertTrialRequest(db, { firstName: '=cmd|calc', lastName: 'Smith' })
    personId = person.id
    const paid = await insertPayment(db, {
      trialRequestId: person.id,
      provider: 'stripe',
      method: null,
      amountMinor: 8997,
      listAmountMinor: 8997,
      months: 3,
      providerCheckoutId: 'cs_test_export',
      providerPaymentId: 'pi_test_export',
      receiptNumber: 12,
      createdAt: new Date('2026-04-20T10:00:00Z'),
    })
    paymentId = paid.id
    await insertPayment(db, {
      trialRequestId: person.id,
      method: 'paypal',
      reference: '-PAYPAL-5,"x"',
      amountMinor: 505,
      listAmountMinor: 505,
      status: 'refunded',
      refundedMinor: 505,
      createdAt: new Date('2026-04-21T10:00:00Z'),
    })
  })

  const exportRows = async (query = '') => {
    const response = await t.admin.get(`/api/payments/export.csv${query}`)
    expect(response.status).toBe(200)
    const [header, ...rows] = parse(response.body, { bom: true }) as string[][]
    return {
      response,
      rows: rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]]))),
    }
  }

  it('downloads payments-YYYY-MM-DD.csv with amounts, provider ids and references', async () => {
    const { response, rows } = await exportRows()
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-2026-05-02.csv"',
    )
    expect(rows).toHaveLength(2)
    // Newest first; amounts exact to the cent, as text a spreadsheet sums.
    expect(rows[1]).toMatchObject({
      Created: '2026-04-20T10:00:00.000Z',
      'Receipt number': '12',
      'Person ID': personId,
      Plan: 'Premium',
      Months: '3',
      Amount: '89.97',
      Currency: 'USD',
      Refunded: '0.00',
      Status: 'paid',
      Provider: 'stripe',
      'Provider checkout ID': 'cs_test_export',
      'Provider payment ID': 'pi_test_export',
      'Payment ID': paymentId,
    })
    expect(rows[0]).toMatchObject({ Amount: '5.05', Refunded: '5.05', Method: 'paypal' })
  })

  it('makes formula-like cells text, keeping quotes and commas', async () => {
    const { rows } = await exportRows()
    expect(rows[0]!.Person).toBe(`'=cmd|calc Smith`)
    expect(rows[0]!.Reference).toBe(`'-PAYPAL-5,"x"`)
  })

  it('exports only what the filters select', async () => {
    const { rows } = await exportRows('?status=refunded')
    expect(rows.map((row) => row.Status)).toEqual(['refunded'])
    expect((await exportRows('?from=2026-04-22')).rows).toEqual([])
  })
})
