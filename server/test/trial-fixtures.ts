import { personKeys } from '../modules/trial-requests/trial-identity'
import { trialRequests } from '../db/schema/trial-requests'
import type { Db } from '../db/client'

let sequence = 0

/** Writes a trial request straight to the database (no trust assessed), with overridable fields. */
export async function insertTrialRequest(
  db: Db,
  fields: Partial<typeof trialRequests.$inferInsert> = {},
) {
  sequence += 1
  const firstName = fields.firstName ?? `First${sequence}`
  const lastName = fields.lastName ?? `Last${sequence}`
  const email = fields.email ?? `person${sequence}@example.com`
  const keys = personKeys({ email, telegram: fields.telegram, whatsapp: fields.whatsapp })
  const [row] = await db
    .insert(trialRequests)
    .values({
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      email,
      plan: 'Starter',
      subscriptionId: `SUB-${String(sequence).padStart(8, '0')}`,
      emailKey: keys.email,
      telegramKey: keys.telegram,
      whatsappKey: keys.whatsapp,
      ...fields,
    })
    .returning()
  return row!
}
