import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { insertMany } from '../../db/insert-many'
import { newSubscriptionId } from '../../lib/subscription-id'

/** A person an import creates: their contact, the plan they are on, when they first paid. */
export type ImportedPerson = {
  firstName: string
  lastName: string
  email: string
  emailKey: string
  plan: string
  /** Their first payment: listed among the contacts from then, not from the import. */
  createdAt: Date
}

/**
 * Creates people of an imported history in one statement, marked imported so that the trial
 * cohorts leave them out. Their subscription is `subscriptions`' to set. Answers each new
 * person's id by e-mail key.
 */
export async function createImportedPeople(
  tx: Db,
  people: ImportedPerson[],
  now: Date,
): Promise<Map<string, string>> {
  const created = await insertMany(
    tx,
    trialRequests,
    people.map((person) => ({
      ...person,
      name: `${person.firstName} ${person.lastName}`,
      subscriptionId: newSubscriptionId(),
      importedAt: now,
      updatedAt: now,
    })),
    ['id', 'emailKey'],
  )
  return new Map(created.map((row) => [row.emailKey, row.id]))
}
