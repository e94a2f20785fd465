import { useId } from 'react'
import type { TrialRequest } from '@common/trial-requests'
import { ToneBadge, type Tone } from '@/components/tone-badge'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

function toneOf({ score, isFlagged }: NonNullable<TrialRequest['trust']>): Tone {
  if (isFlagged) return 'poor'
  return score < 100 ? 'fair' : 'good'
}

/**
 * The request's trust score as a small badge; a click (or tap, on a phone) shows why it is what
 * it is. Requests stored before trust was assessed show nothing.
 */
export function TrustBadge({ request }: { request: TrialRequest }) {
  const headingId = useId()
  const { trust } = request
  if (!trust) return null
  return (
    <Popover>
      <PopoverTrigger
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={`Trust ${trust.score} of 100 for ${request.name}${trust.isFlagged ? ', flagged' : ''}`}
      >
        <ToneBadge tone={toneOf(trust)}>Trust {trust.score}</ToneBadge>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={headingId} align="start" className="w-72 p-3 text-sm">
        <h3 id={headingId} className="font-semibold">
          Trust {trust.score}/100{trust.isFlagged && ' · flagged'}
        </h3>
        {trust.reasons.length === 0 ? (
          <p className="mt-1 text-muted-foreground">Nothing suspicious was found.</p>
        ) : (
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {trust.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  )
}
