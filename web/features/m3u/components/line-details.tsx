import { AlertTriangle, Clock, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  panelDifferences,
  personLineStatusLabels,
  type PanelDifference,
  type PersonLine,
} from '@common/person-lines'
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

const differenceWords: Record<PanelDifference, string> = {
  expiry: 'its expiry',
  enabled: 'enabled or disabled',
  trial: 'trial or paid',
  connections: 'its screens',
}

/** What the panel last said of one field, set apart (amber, with an icon) when it is not ours. */
function PanelSays({ differs, children }: { differs: boolean; children: ReactNode }) {
  return (
    <span
      className={cn(
        'flex basis-full items-center gap-1 text-xs',
        differs ? 'text-amber-800 dark:text-amber-300' : 'text-muted-foreground',
      )}
    >
      {differs && <AlertTriangle className="size-3.5 shrink-0" aria-hidden />}
      <span>
        Panel: {children}
        {differs && <span className="sr-only"> (differs from ours)</span>}
      </span>
    </span>
  )
}

function Notice({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  )
}

const expiryText = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : 'No expiry'

/**
 * The login to send the customer, and the line's state: ours (expiry, status, trial or paid)
 * with what the panel last said beside it, flagged where the two differ.
 */
export function LineDetails({ line }: { line: PersonLine }) {
  const { panel } = line
  const differences = panelDifferences(line)
  const notRead = <PanelSays differs={false}>not read yet</PanelSays>
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
          {expiryText(line.expiresAt)}
          {panel ? (
            <PanelSays differs={differences.includes('expiry')}>
              {expiryText(panel.expiresAt)}
            </PanelSays>
          ) : (
            notRead
          )}
        </Field>
        <Field label="Status">
          <Badge variant={line.status === 'active' ? 'default' : 'destructive'}>
            {personLineStatusLabels[line.status]}
          </Badge>
          <Badge variant="outline">{line.isTrial ? 'Trial line' : 'Paid line'}</Badge>
          {panel ? (
            <PanelSays differs={differences.includes('enabled') || differences.includes('trial')}>
              {panel.isEnabled ? 'enabled' : 'disabled'}
              {panel.isTrial !== null && `, ${panel.isTrial ? 'trial' : 'paid'}`}
            </PanelSays>
          ) : (
            notRead
          )}
        </Field>
        {line.maxConnections !== null && (
          <Field label="Screens at once">
            {line.maxConnections}
            {panel && (
              <PanelSays differs={differences.includes('connections')}>
                {panel.maxConnections ?? 'not read yet'}
              </PanelSays>
            )}
          </Field>
        )}
      </dl>
      {!line.isSynced ? (
        <Notice icon={Clock}>
          Waiting for the panel
          {line.panelError ? `: ${line.panelError}` : ''}. The change is kept and retried
          automatically.
        </Notice>
      ) : (
        differences.length > 0 && (
          <Notice icon={AlertTriangle}>
            The panel differs from ours ({differences.map((d) => differenceWords[d]).join('; ')})
            {panel?.seenAt ? `, as it said ${formatDateTime(panel.seenAt)}` : ''}. Put it right
            under Admin Tools, Supplier Panel.
          </Notice>
        )
      )}
    </div>
  )
}
