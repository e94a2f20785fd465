import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import type { ActionDisplay } from '@/components/action-trigger'
import { ConvertSubscriptionDialog, type ConvertLine } from './convert-subscription-dialog'
import { ExtendSubscriptionDialog } from './extend-subscription-dialog'

type SubscriptionActionsProps = {
  request: TrialRequest
  /** The plans on sale, offered when converting and pricing an extension. */
  plans: Plan[]
  line: ConvertLine
  display: ActionDisplay
}

/** Convert to paid (unless active) and Extend subscription (once they have a paid plan). */
export function SubscriptionActions({ request, plans, line, display }: SubscriptionActionsProps) {
  return (
    <>
      {request.subscriptionStatus !== 'active' && (
        <ConvertSubscriptionDialog request={request} plans={plans} line={line} display={display} />
      )}
      {request.paidPlan !== null && (
        <ExtendSubscriptionDialog request={request} plans={plans} display={display} />
      )}
    </>
  )
}
