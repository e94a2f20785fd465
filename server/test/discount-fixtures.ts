import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { discountRedemptions } from '../db/schema/discount-redemptions'
import { discounts } from '../db/schema/discounts'

let sequence = 0

/** A discount written straight to the database: an active code for every plan, from 2026. */
export async function insertDiscount(db: Db, fields: Partial<typeof discounts.$inferInsert> = {}) {
  sequence += 1
  const [row] = await db
    .insert(discounts)
    .values({
      name: `Discount ${sequence}`,
      code: `CODE-${sequence}`,
      percentage: '10.00',
      validFrom: new Date('2026-01-01T00:00:00Z'),
      ...fields,
    })
    .returning()
  return row!
}

/** A payment's redemption state, or undefined when it has none. */
export async function redemptionStatus(db: Db, paymentId: string) {
  const [row] = await db
    .select({ status: discountRedemptions.status })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.paymentId, paymentId))
  return row?.status
}
