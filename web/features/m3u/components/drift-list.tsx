import { Link } from 'wouter'
import { driftKindLabels, type DriftKeep, type SupplierDrift } from '@common/person-lines'
import { adminPaths } from '@common/routes'
import { ListEmpty } from '@/components/list-states'
import { Badge } from '@/components/ui/badge'
import { serverMessageOf } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { showToast } from '@/lib/toast'
import { useFixDrift } from '../api/fix-drift'
import { describeLineState as describe, DriftFixDialog } from './drift-fix-dialog'

/** Whose line it is: the person (opening them), the panel login beside; else the login alone. */
function DriftSubject({ drift }: { drift: SupplierDrift }) {
  if (!drift.person) {
    return (
      <>
        <code className="font-mono text-sm font-medium break-all">{drift.username}</code>
        <span className="text-xs text-muted-foreground">
          {drift.lineId ? 'a line without a person' : 'not a line of ours'}
        </span>
      </>
    )
  }
  return (
    <>
      <Link
        href={adminPaths.person(drift.person.id)}
        className="font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:underline"
      >
        {drift.person.name}
      </Link>
      <code className="font-mono text-xs break-all text-muted-foreground">{drift.username}</code>
    </>
  )
}

function DriftItem({ drift }: { drift: SupplierDrift }) {
  const fix = useFixDrift()
  const label = driftKindLabels[drift.kind]
  const who = drift.person?.name ?? drift.username
  // mutateAsync, not mutate's callbacks: the fixed row leaves the list (and unmounts) as soon as
  // the refetch lands, and mutate's callbacks never fire for an unmounted component.
  const handleFix = (keep: DriftKeep) =>
    fix.mutateAsync({ id: drift.id, keep }).then(
      ({ isFixed, problem, subscriptionEnd }) =>
        showToast(
          isFixed
            ? {
                title: keep === 'panel' ? "Kept the panel's" : 'Put right on the panel',
                description: subscriptionEnd
                  ? `${who}: the subscription now ends ${formatDateTime(subscriptionEnd)}`
                  : who,
              }
            : {
                title: 'Saved; the panel will follow',
                description: problem ?? undefined,
                variant: 'neutral',
              },
        ),
      (error: unknown) =>
        showToast({
          title: 'Failed to put it right',
          description: serverMessageOf(error),
          variant: 'destructive',
        }),
    )
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <DriftSubject drift={drift} />
          <Badge variant="outline">{label}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">Ours: {describe(drift.ours)}</p>
        <p className="text-xs text-muted-foreground">Panel: {describe(drift.panel)}</p>
      </div>
      <DriftFixDialog drift={drift} who={who} isPending={fix.isPending} onConfirm={handleFix} />
    </li>
  )
}

/** Where the panel differs from our lines, each put right the way the admin confirms. */
export function DriftList({ drift, hasMore }: { drift: SupplierDrift[]; hasMore: boolean }) {
  if (drift.length === 0) return <ListEmpty>The panel matches our lines.</ListEmpty>
  return (
    <div className="grid gap-2">
      <ul aria-label="Differences with the panel" className="grid grid-cols-1 divide-y">
        {drift.map((entry) => (
          <DriftItem key={entry.id} drift={entry} />
        ))}
      </ul>
      {hasMore && (
        <p className="text-xs text-muted-foreground">
          Showing the first {drift.length}; put these right and sync again for the rest.
        </p>
      )}
    </div>
  )
}
