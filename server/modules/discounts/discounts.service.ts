import { desc, eq } from 'drizzle-orm'
import type { Discount, DiscountValues } from '../../../common/discounts'
import type { Db } from '../../db/client'
import { discounts } from '../../db/schema/discounts'
import { withUniqueCheck } from '../../lib/database-errors'
import { notFound } from '../../lib/http-error'

type DiscountRow = typeof discounts.$inferSelect

function presentDiscount(row: DiscountRow): Discount {
  return {
    ...row,
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

export async function listDiscounts(db: Db): Promise<Discount[]> {
  const rows = await db.select().from(discounts).orderBy(desc(discounts.createdAt))
  return rows.map(presentDiscount)
}

export async function createDiscount(db: Db, values: DiscountValues, now: Date): Promise<Discount> {
  const [row] = await withUniqueCheck(
    () => db.insert(discounts).values(toRow(values, now)).returning(),
    codeTaken,
  )
  return presentDiscount(row!)
}

export async function updateDiscount(
  db: Db,
  id: string,
  values: DiscountValues,
  now: Date,
): Promise<Discount> {
  const [row] = await withUniqueCheck(
    () => db.update(discounts).set(toRow(values, now)).where(eq(discounts.id, id)).returning(),
    codeTaken,
  )
  if (!row) throw notFound('Discount not found')
  return presentDiscount(row)
}

export async function deleteDiscount(db: Db, id: string): Promise<void> {
  const rows = await db
    .delete(discounts)
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id })
  if (!rows.length) throw notFound('Discount not found')
}
