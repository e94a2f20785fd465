import { CircleAlert, CircleCheck, Hourglass, Loader, TvMinimal } from 'lucide-react'
import { outcomeLabel, type RequestOutcome } from '@common/request-outcome'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'

const icons = {
  auto_sent: CircleCheck,
  sent: CircleCheck,
  starting: Loader,
  waiting: Hourglass,
  failed: CircleAlert,
  needs_line: TvMinimal,
} as const

const tones = {
  auto_sent: 'text-emerald-700 dark:text-emerald-300',
  sent: 'text-emerald-700 dark:text-emerald-300',
  starting: 'text-muted-foreground',
  waiting: 'text-amber-800 dark:text-amber-200',
  failed: 'text-destructive',
  needs_line: 'text-amber-800 dark:text-amber-200',
} as const

/** Why: the autopilot's reason to wait, or the panel's words when the line failed. */
function detailOf(outcome: NonNullable<RequestOutcome>): string | null {
  if (outcome.kind === 'waiting')
    return outcome.reason?.replace(/^Waiting for an admin: /, '') ?? null
  if (outcome.kind === 'failed') return outcome.error
  if (outcome.kind === 'auto_sent' && outcome.at) return formatDateTime(outcome.at)
  return null
}

/** What happened to the request's line: sent (by the autopilot or an admin), waiting, failed. */
export function LineOutcome({ outcome }: { outcome: RequestOutcome }) {
  if (!outcome) return <span className="text-xs text-muted-foreground">No line yet</span>
  const Icon = icons[outcome.kind]
  const detail = detailOf(outcome)
  return (
    <div className="grid max-w-48 gap-0.5 text-xs whitespace-normal">
      <span className={cn('flex items-center gap-1 font-medium', tones[outcome.kind])}>
        <Icon className="size-3.5 shrink-0" aria-hidden />
        {outcomeLabel(outcome)}
      </span>
      {detail && <span className="text-muted-foreground">{detail}</span>}
    </div>
  )
}

/** When the trial or subscription ends, date and time. */
export function EndsAt({ endsAt, isTrial }: { endsAt: string | null; isTrial: boolean }) {
  if (!endsAt) return null
  return (
    <span className="text-xs whitespace-nowrap text-muted-foreground">
      {isTrial ? 'Trial ends' : 'Ends'} <time dateTime={endsAt}>{formatDateTime(endsAt)}</time>
    </span>
  )
}
