import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatMoney, formatShortDate } from '@/lib/format'
import { AdminNotesEditor } from './admin-notes-editor'
import { ContactActions } from './contact-actions'
import { ContactChannels } from './contact-channels'
import { SubscriptionIdButton } from './subscription-id-button'
import { SubscriptionStatusBadge } from './subscription-status-badge'
import { TrialPlanSelect } from './trial-plan-select'

/**
 * From tablet width the actions stick to the right edge, in view while the table scrolls; a
 * phone is too narrow to keep them and still scroll through the rest.
 */
export const actionsColumnClassName =
  'bg-card sm:sticky sm:right-0 sm:shadow-[-12px_0_12px_-12px_rgb(0_0_0/0.25)]'

function NoValue() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  )
}

export function ContactRow({ request, plans }: { request: TrialRequest; plans: Plan[] }) {
  const { subscriptionStartDate: start, subscriptionEndDate: end } = request
  return (
    <TableRow>
      <TableCell>
        <div className="font-medium">{request.name}</div>
        <div className="max-w-56 truncate text-xs text-muted-foreground" title={request.email}>
          {request.email}
        </div>
        <div className="text-xs text-muted-foreground">
          Requested {formatShortDate(request.createdAt)}
        </div>
      </TableCell>
      <TableCell>
        <SubscriptionIdButton subscriptionId={request.subscriptionId} />
      </TableCell>
      <TableCell>
        <TrialPlanSelect request={request} />
      </TableCell>
      <TableCell>
        <div className="grid justify-items-start gap-1">
          <SubscriptionStatusBadge status={request.subscriptionStatus} />
          {request.status !== 'Pending' && (
            <span className="text-xs text-muted-foreground">
              <span className="sr-only">Follow-up: </span>
              {request.status}
            </span>
          )}
        </div>
      </TableCell>
      <TableCell>
        {request.paidPlan ? (
          <>
            <div className="font-medium">{request.paidPlan}</div>
            {request.subscriptionPrice && (
              <div className="text-xs text-muted-foreground tabular-nums">
                {formatMoney(request.subscriptionPrice)}
              </div>
            )}
          </>
        ) : (
          <NoValue />
        )}
      </TableCell>
      <TableCell>
        {start && end ? (
          <>
            <div>{formatShortDate(start)}</div>
            <div className="text-xs text-muted-foreground">to {formatShortDate(end)}</div>
          </>
        ) : (
          <NoValue />
        )}
      </TableCell>
      <TableCell>
        {request.telegram || request.whatsapp ? (
          <ContactChannels telegram={request.telegram} whatsapp={request.whatsapp} />
        ) : (
          <NoValue />
        )}
      </TableCell>
      <TableCell>
        <AdminNotesEditor request={request} />
      </TableCell>
      <TableCell className={actionsColumnClassName}>
        <ContactActions request={request} plans={plans} />
      </TableCell>
    </TableRow>
  )
}
