import type { ReactNode } from 'react'
import type { SupplierStatus } from '@common/person-lines'
import { FormAlert } from '@/components/form-alert'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 font-medium">{children}</dd>
    </div>
  )
}

/** Whether the panel answers, its credits (with the low-credit alert) and the last sync. */
export function SupplierStatusSummary({ status }: { status: SupplierStatus }) {
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:grid-cols-4">
        <Item label="Panel">
          <Badge variant={status.reachable ? 'secondary' : 'destructive'}>
            {status.reachable ? 'Reachable' : 'Unreachable'}
          </Badge>
        </Item>
        <Item label="Credits">
          <span className="tabular-nums">{status.credits ?? 'Unknown'}</span>
          {status.creditAlert && <Badge variant="destructive">Low</Badge>}
        </Item>
        <Item label="Daily rate">
          {status.dailySpend === null ? (
            'Not known yet'
          ) : (
            <span className="tabular-nums">{status.dailySpend} credits a day</span>
          )}
          {status.daysLeft !== null && (
            <span className="text-sm font-normal text-muted-foreground">
              about {status.daysLeft} days left
            </span>
          )}
        </Item>
        <Item label="Last sync">
          {status.lastSyncAt ? (
            <time dateTime={status.lastSyncAt}>{formatDateTime(status.lastSyncAt)}</time>
          ) : (
            'Never'
          )}
        </Item>
      </dl>
      <FormAlert message={status.problem ?? undefined} />
    </div>
  )
}
