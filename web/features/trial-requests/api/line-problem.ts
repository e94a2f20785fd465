import type { SubscriptionChange } from '@common/subscription-renewals'
import type { TrialRequest } from '@common/trial-requests'

/**
 * Why the person's line on the supplier panel did not follow a subscription change yet, as the
 * change's answer tells; the change itself stands and the line is retried.
 */
export function lineProblemOf(changed: TrialRequest): string | undefined {
  const { lineProblem } = changed as SubscriptionChange
  return lineProblem ? `The line on the panel: ${lineProblem}` : undefined
}
