import { Download, Gift, UsersRound, X } from 'lucide-react'
import { Link } from 'wouter'
import { sharingReasonLabels, type SharedLine } from '@common/line-sharing'
import { adminPaths } from '@common/routes'
import { ConfirmButton } from '@/components/confirm-button'
import { ListEmpty, QueryStates } from '@/components/list-states'
import { LoadMoreButton } from '@/components/load-more-button'
import { SectionCard } from '@/components/section-card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { serverMessageOf } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { showToast } from '@/lib/toast'
import { useDismissSharedLine, useOfferBiggerPlan } from '../api/act-on-shared-line'
import { useSharedLines } from '../api/get-shared-lines'

const failed = (title: string) => (error: unknown) =>
  showToast({ title, description: serverMessageOf(error), variant: 'destructive' })

/** Where the line was watched from in 24 hours: network, country, player and when. */
function Evidence({ line }: { line: SharedLine }) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">
        Evidence: {line.networks24h} networks, {line.countries24h}{' '}
        {line.countries24h === 1 ? 'country' : 'countries'}, {line.ips24h} addresses in 24 hours (7
        days: {line.networks7d} networks)
      </summary>
      <ul className="mt-2 grid gap-1">
        {line.evidence.map((place) => (
          <li
            key={`${place.network}-${place.country}-${place.player}`}
            className="break-words text-muted-foreground"
          >
            <code className="font-mono">{place.network}</code>
            {place.country && ` · ${place.country}`} · {place.player || 'Unknown player'} ·{' '}
            {formatDateTime(place.firstSeenAt)} – {formatDateTime(place.lastSeenAt)}
          </li>
        ))}
      </ul>
    </details>
  )
}

function SharedLineItem({ line }: { line: SharedLine }) {
  const offer = useOfferBiggerPlan()
  const dismiss = useDismissSharedLine()
  const who = line.personName ?? line.username ?? 'This line'
  const handleOffer = () =>
    offer.mutateAsync(line.lineId).then(
      (made) =>
        showToast({
          title: `Offered ${made.planName}`,
          description: `${who}: by ${made.channels.join(' and ')}, with a link to pay.`,
        }),
      failed('Could not offer a bigger plan'),
    )
  const handleDismiss = () =>
    dismiss
      .mutateAsync(line.lineId)
      .then(
        () => showToast({ title: 'Dismissed for 30 days', description: who }),
        failed('Could not dismiss'),
      )
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {line.personId ? (
          <Link
            href={adminPaths.person(line.personId)}
            className="font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            {who}
          </Link>
        ) : (
          <span className="font-medium">{who}</span>
        )}
        {line.username && (
          <code className="font-mono text-xs break-all text-muted-foreground">{line.username}</code>
        )}
        <Badge variant="outline">
          {line.screens} {line.screens === 1 ? 'screen' : 'screens'}
        </Badge>
        {line.reasons.map((reason) => (
          <Badge key={reason} variant="secondary">
            {sharingReasonLabels[reason]}
          </Badge>
        ))}
      </div>
      <Evidence line={line} />
      {line.offeredAt && (
        <p className="text-xs text-muted-foreground">Offered {formatDateTime(line.offeredAt)}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={handleOffer} disabled={offer.isPending || !line.personId}>
          <Gift aria-hidden />
          Offer a bigger plan
        </Button>
        <ConfirmButton
          title={`Dismiss ${who}?`}
          description="It stays off this list for 30 days, unless its networks or countries double."
          confirmLabel="Dismiss"
          onConfirm={() => void handleDismiss()}
        >
          <Button size="sm" variant="outline" disabled={dismiss.isPending}>
            <X aria-hidden />
            Dismiss
          </Button>
        </ConfirmButton>
      </div>
    </li>
  )
}

/**
 * Lines likely shared: watched in 24 hours from more networks than twice their screens, or from
 * more than two countries. Nothing is done to a line: offer the bigger plan, or dismiss.
 */
export function SharedLinesCard() {
  const lines = useSharedLines()
  return (
    <SectionCard
      title="Likely shared"
      icon={UsersRound}
      description="Lines watched in the last 24 hours from more networks than twice their screens, or from more than two countries."
      action={
        <Button asChild size="sm" variant="outline">
          <a href="/api/lines/sharing/export.csv" download>
            <Download aria-hidden />
            CSV
          </a>
        </Button>
      }
    >
      <QueryStates query={lines} loadingLabel="Loading lines likely shared">
        {(data) => {
          const all = data.pages.flatMap((page) => page.items)
          return all.length === 0 ? (
            <ListEmpty>No line looks shared right now.</ListEmpty>
          ) : (
            <div className="grid gap-3">
              <ul className="divide-y" aria-label="Lines likely shared">
                {all.map((line) => (
                  <SharedLineItem key={line.lineId} line={line} />
                ))}
              </ul>
              <LoadMoreButton query={lines} />
            </div>
          )
        }}
      </QueryStates>
    </SectionCard>
  )
}
