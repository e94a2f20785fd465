import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bouquetIdsOf } from '../../../common/m3u'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import type { trialRequests } from '../../db/schema/trial-requests'
import { packageIdSettingPath } from '../../../common/routes'
import { settingMissing } from '../../lib/http-error'
import { planConnections } from '../plans/plan-connections'
import { getPlatformSettings, getSupplierSettings } from '../settings/settings.service'
import { findLine } from './line-changes'
import { linePassword, panelNotes, subscriptionLineUsername } from './line-credentials'
import { linePlanFor } from './person-line-plan'
import { requirePanel, type SupplierAccess } from './supplier-access'

/** What every new line's order takes from the settings and the panel, read before it is recorded. */
export type IntentBasis = {
  bouquetIds: string[]
  trialDurationHours: number
  passwordSecret: string
  playlistUrl: (username: string, password: string) => string
}

/** The basis of new lines; 503 with no panel, 409 while no package is set for them. */
export async function intentBasis(access: SupplierAccess): Promise<IntentBasis> {
  const panel = requirePanel(access)
  const [{ trialDurationHours }, { packageId }] = await Promise.all([
    getPlatformSettings(access.db),
    getSupplierSettings(access.db),
  ])
  const bouquetIds = bouquetIdsOf(packageId)
  if (!bouquetIds.length) {
    throw settingMissing(
      'Set the package ID for new lines in Business Settings first.',
      packageIdSettingPath,
    )
  }
  return {
    bouquetIds,
    trialDurationHours,
    passwordSecret: await access.passwordSecret(),
    playlistUrl: (username, password) => panel.playlistUrl(username, password),
  }
}

type IntentOptions = {
  createdBy: string
  now: Date
  /** Set when the system owes the line (a payment settled): the left-lines round makes it then. */
  owedSince?: Date
}

/**
 * Records the intent to make the person's line (its username, password and plan) before any call,
 * so that a retry, or a second request racing this one, finds it and sends the same order. The
 * person's line when they have one already.
 */
export async function insertLineIntent(
  db: Db,
  basis: IntentBasis,
  person: typeof trialRequests.$inferSelect,
  { createdBy, now, owedSince }: IntentOptions,
) {
  const plan = linePlanFor(person, basis.trialDurationHours, now)
  // A trial's line plays on the screens of the plan asked for; a subscription's on its plan's.
  const maxConnections = await planConnections(db, person.paidPlan ?? person.plan)
  const id = randomUUID()
  const username = subscriptionLineUsername(person.subscriptionId)
  const password = linePassword(basis.passwordSecret, id)
  await db
    .insert(m3uLines)
    .values({
      id,
      trialRequestId: person.id,
      username,
      password,
      m3uUrl: basis.playlistUrl(username, password),
      status: 'creating',
      packageId: basis.bouquetIds.join(','),
      notes: panelNotes(person.subscriptionId, null),
      ...plan,
      maxConnections,
      nextPushAt: owedSince ?? null,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
  return (await findLine(db, eq(m3uLines.trialRequestId, person.id)))!
}
