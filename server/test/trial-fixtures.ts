import { trialRequests } from '../db/schema/trial-requests'
import type { Db } from '../db/client'

let sequence = 0

/** Writes a trial request straight to the database, with overridable fields. */
export async function insertTrialRequest(
  db: Db,
  fields: Partial<typeof trialRequests.$inferInsert> = {},
) {
  sequence += 1
  const firstName = fields.firstName ?? `First${sequence}`
  const lastName = fields.lastName ?? `Last${sequence}`
  const [row] = await db
    .insert(trialRequests)
    .values({
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      email: `person${sequence}@example.com`,
      plan: 'Starter',
      subscriptionId: `SUB-${String(sequence).padStart(8, '0')}`,
      ...fields,
    })
    .returning()
  return row!
}
