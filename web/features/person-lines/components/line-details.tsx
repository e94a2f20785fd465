import { Clock } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PersonLine } from '@common/person-lines'
import { CopyButton } from '@/components/copy-button'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'

type FieldProps = { label: string; className?: string; children: ReactNode }

function Field({ label, className, children }: FieldProps) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">{children}</dd>
    </div>
  )
}

function Secret({ value, what }: { value: string; what: string }) {
  return (
    <>
      <code className="min-w-0 rounded-md bg-muted px-2 py-1 font-mono text-xs break-all">
        {value}
      </code>
      <CopyButton
        value={value}
        aria-label={`Copy ${what}`}
        copiedDescription={`The ${what} is on the clipboard.`}
      >
        Copy
      </CopyButton>
    </>
  )
}

/** The login to send the customer, and what the panel holds: expiry, status, trial or paid. */
export function LineDetails({ line }: { line: PersonLine }) {
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Username">
          <Secret value={line.username} what="username" />
        </Field>
        <Field label="Password">
          <Secret value={line.password} what="password" />
        </Field>
        <Field label="M3U URL" className="sm:col-span-2">
          <Secret value={line.m3uUrl} what="M3U URL" />
        </Field>
        <Field label="Expires">
          {line.expiresAt ? (
            <time dateTime={line.expiresAt}>{formatDateTime(line.expiresAt)}</time>
          ) : (
            'No expiry'
          )}
        </Field>
        <Field label="Status">
          <Badge variant={line.status === 'active' ? 'default' : 'destructive'}>
            {line.status === 'active' ? 'Active' : 'Disabled'}
          </Badge>
          <Badge variant="outline">{line.isTrial ? 'Trial line' : 'Paid line'}</Badge>
        </Field>
      </dl>
      {!line.isSynced && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
        >
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Waiting for the panel
            {line.panelError ? `: ${line.panelError}` : ''}. The change is kept and retried
            automatically.
          </span>
        </p>
      )}
    </div>
  )
}
