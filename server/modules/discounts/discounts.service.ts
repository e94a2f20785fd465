import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Discount, DiscountValues } from '../../../common/discounts'
import type { Db } from '../../db/client'
import { discountRedemptions } from '../../db/schema/discount-redemptions'
import { discounts } from '../../db/schema/discounts'
import { payments } from '../../db/schema/payments'
import { withUniqueCheck } from '../../lib/database-errors'
import { notFound } from '../../lib/http-error'
import { countsNow } from './discount-rules'

type DiscountRow = typeof discounts.$inferSelect
type Usage = Pick<Discount, 'usedCount' | 'reservedCount'>

function presentDiscount(row: DiscountRow, usage: Usage): Discount {
  return {
    ...row,
    ...usage,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const toRow = (values: DiscountValues, now: Date) => ({
  ...values,
  validFrom: new Date(values.validFrom),
  validTo: values.validTo ? new Date(values.validTo) : null,
  updatedAt: now,
})

const codeTaken = 'A discount with this code already exists'

/** Discounts with the uses that count now (countsNow), newest first. */
async function selectDiscounts(db: Db, now: Date, where?: SQL): Promise<Discount[]> {
  const usage = db
    .select({
      discountId: discountRedemptions.discountId,
      used: sql<number>`count(*)::int`.as('used'),
      reserved:
        sql<number>`(count(*) filter (where ${discountRedemptions.status} = 'reserved'))::int`.as(
          'reserved',
        ),
    })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .where(countsNow(now))
    .groupBy(discountRedemptions.discountId)
    .as('usage')
  const rows = await db
    .select({
      discount: discounts,
      usedCount: sql`coalesce(${usage.used}, 0)`.mapWith(Number),
      reservedCount: sql`coalesce(${usage.reserved}, 0)`.mapWith(Number),
    })
    .from(discounts)
    .leftJoin(usage, eq(usage.discountId, discounts.id))
    .where(where)
    .orderBy(desc(discounts.createdAt))
  return rows.map(({ discount, ...counts }) => presentDiscount(discount, counts))
}

export function listDiscounts(db: Db, now: Date): Promise<Discount[]> {
  return selectDiscounts(db, now)
}

export async function createDiscount(db: Db, values: DiscountValues, now: Date): Promise<Discount> {
  const [row] = await withUniqueCheck(
    () => db.insert(discounts).values(toRow(values, now)).returning(),
    codeTaken,
  )
  return presentDiscount(row!, { usedCount: 0, reservedCount: 0 })
}

export async function updateDiscount(
  db: Db,
  id: string,
  values: DiscountValues,
  now: Date,
): Promise<Discount> {
  const [row] = await withUniqueCheck(
    () =>
      db
        .update(discounts)
        .set(toRow(values, now))
        .where(eq(discounts.id, id))
        .returning({ id: discounts.id }),
    codeTaken,
  )
  if (!row) throw notFound('Discount not found')
  const [updated] = await selectDiscounts(db, now, eq(discounts.id, id))
  return updated!
}

export async function deleteDiscount(db: Db, id: string): Promise<void> {
  const rows = await db
    .delete(discounts)
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id })
  if (!rows.length) throw notFound('Discount not found')
}
