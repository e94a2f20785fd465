import { Bot } from 'lucide-react'
import type { PersonAutostart as Autostart } from '@common/trial-autopilot'
import { formatDateTime } from '@/lib/format'
import { usePersonAutostart } from '../api/get-person-autostart'

function headline(autostart: NonNullable<Autostart>): string {
  switch (autostart.status) {
    case 'started':
      return `Started automatically${autostart.startedAt ? ` on ${formatDateTime(autostart.startedAt)}` : ''}`
    case 'waiting':
      return autostart.reason ?? 'Waiting for an admin'
    case 'skipped':
      return `Not started automatically: ${autostart.reason ?? 'an admin handled it'}`
    case 'queued':
      if (!autostart.isOn) return 'Waiting for an admin: Start trials automatically is off'
      return autostart.lastError
        ? 'Waiting: the supplier panel failed, and the autopilot will try again'
        : 'Starting automatically…'
  }
}

type PersonAutostartProps = {
  personId: string
  /** The request's trust reasons, shown when it waits for not passing the trust rules. */
  trustReasons: string[]
}

/** How the trial autopilot handled this request, and why it waits when it does. */
export function PersonAutostart({ personId, trustReasons }: PersonAutostartProps) {
  const { data } = usePersonAutostart(personId)
  if (!data) return null
  return (
    <div
      role="status"
      aria-label="Trial autopilot"
      className="grid gap-1 rounded-lg border bg-muted/40 p-3 text-sm"
    >
      <p className="flex items-start gap-2 font-medium">
        <Bot className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {headline(data)}
      </p>
      {data.status === 'waiting' && trustReasons.length > 0 && (
        <ul className="list-disc pl-10 text-muted-foreground">
          {trustReasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {data.status === 'queued' && data.lastError && (
        <p className="pl-6 break-words text-muted-foreground">
          The panel said: {data.lastError}
          {data.nextAttemptAt && ` Next try ${formatDateTime(data.nextAttemptAt)}.`}
        </p>
      )}
      {data.status === 'waiting' && (
        <p className="pl-6 text-xs text-muted-foreground">
          Make the line below if you trust the request, or reject it.
        </p>
      )}
    </div>
  )
}
