import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { Payment, paymentListQuery } from '../../../common/payments'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { invalidField, notFound } from '../../lib/http-error'
import { keyset } from '../../lib/keyset'
import { presentPayment, selectPaymentRows } from '../subscriptions/present-payment'

type ListQuery = z.output<typeof paymentListQuery>
export type PaymentFilter = Pick<
  ListQuery,
  'status' | 'provider' | 'kind' | 'from' | 'to' | 'personId'
>

const isDateOnly = (value: string) => value.length === 10
const dayMs = 24 * 60 * 60 * 1000

/** `from` as a moment: a date means the start of that day, UTC. */
const startOf = (value: string) => new Date(isDateOnly(value) ? `${value}T00:00:00Z` : value)

/** `to` as an exclusive bound: a date means the end of that day, UTC (the next day's start). */
const endOf = (value: string) =>
  isDateOnly(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + dayMs) : new Date(value)

/** The WHERE of the list and the export, from the same filters; 400 when the range is reversed. */
export function paymentFilter({ status, provider, kind, from, to, personId }: PaymentFilter) {
  const start = from ? startOf(from) : undefined
  const end = to ? endOf(to) : undefined
  if (start && end && start >= end) throw invalidField('to', 'to must be after from')
  const conditions: (SQL | undefined)[] = [
    status ? eq(payments.status, status) : undefined,
    provider ? eq(payments.provider, provider) : undefined,
    kind ? eq(payments.kind, kind) : undefined,
    start ? gte(payments.createdAt, start) : undefined,
    end ? lt(payments.createdAt, end) : undefined,
    personId ? eq(payments.trialRequestId, personId) : undefined,
  ]
  return and(...conditions)
}

/** A page of payments, newest first (keyset on createdAt, id). */
export async function listPayments(
  db: Db,
  query: ListQuery,
): Promise<{ payments: Payment[]; nextCursor: string | null }> {
  const pages = keyset(payments, query.cursor, query.limit)
  const rows = await selectPaymentRows(db)
    .where(and(paymentFilter(query), pages.after))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pages.fetchSize)
  const page = pages.page(rows)
  return {
    payments: page.rows.map((row) => presentPayment(row, row.personName)),
    nextCursor: page.nextCursor,
  }
}

export async function getPayment(db: Db, id: string): Promise<Payment> {
  const [row] = await selectPaymentRows(db).where(eq(payments.id, id))
  if (!row) throw notFound('Payment not found')
  return presentPayment(row, row.personName)
}
