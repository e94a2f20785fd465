import { and, eq, gte, type SQL } from 'drizzle-orm'
import { emailDomain } from '../../../common/email-address'
import type { PersonKeys } from './trial-identity'
import type { TrialTrust } from '../../../common/trial-requests'
import { assessTrust, networkWindowStart } from '../../../common/trial-trust'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { disposableDomainOf } from '../../lib/disposable-email'
import { getTrialTrustSettings } from '../settings/settings.service'
import { hadTrialBefore } from './same-person'

type NewRequest = { firstName: string; lastName: string; email: string }

async function requestsFromNetwork(tx: Db, network: SQL | null, now: Date): Promise<number> {
  if (!network) return 0
  return tx.$count(
    trialRequests,
    and(eq(trialRequests.network, network), gte(trialRequests.createdAt, networkWindowStart(now))),
  )
}

/** Gathers what the trust rules look at and scores a new request under the Business Settings. */
export async function assessNewRequest(
  tx: Db,
  request: NewRequest,
  keys: PersonKeys,
  network: SQL | null,
  now: Date,
): Promise<TrialTrust> {
  const settings = await getTrialTrustSettings(tx)
  return assessTrust(
    {
      ...request,
      disposableDomain: settings.checksDisposableEmail
        ? disposableDomainOf(emailDomain(request.email))
        : null,
      networkRequests: settings.checksNetwork ? await requestsFromNetwork(tx, network, now) : 0,
      hadTrialBefore: settings.checksEarlierTrial ? await hadTrialBefore(tx, keys) : false,
    },
    settings,
  )
}
