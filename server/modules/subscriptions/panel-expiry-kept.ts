import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'

/**
 * A paid subscription ends with its line: when an admin keeps the panel's expiry of the line
 * (a drift put right the panel's way), the subscription's end moves to it. A lapsed subscription
 * whose new end is ahead runs again, as an extension would make it; one whose end is past stays
 * as it is, and the expiry job ends what has run out.
 */
export async function followPanelExpiry(
  tx: Db,
  personId: string,
  end: Date,
  now: Date,
): Promise<void> {
  await tx
    .update(trialRequests)
    .set({
      subscriptionEndDate: end,
      subscriptionStatus: sql`case when ${trialRequests.subscriptionStatus} = 'expired'
        and ${end.toISOString()}::timestamptz > ${now.toISOString()}::timestamptz
        then 'active' else ${trialRequests.subscriptionStatus} end`,
      updatedAt: now,
    })
    .where(eq(trialRequests.id, personId))
}
