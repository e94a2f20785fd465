import { useState } from 'react'
import {
  renewalOffReasonLabels,
  renewalOffReasons,
  type RenewalOffReason,
  type RetentionOffer,
} from '@common/renewals'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { serverMessageOf } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { useRenewalChoice } from '../api/renewal'

type RenewalOffFormProps = {
  /** The paid end: the line stays on until then. */
  endsAt: string | null
  onDone: () => void
}

/**
 * Turning renewal off: why (optional, from a short list), what stays (the line until the paid
 * end), and, once per customer, a discount code offered before it is confirmed.
 */
export function RenewalOffForm({ endsAt, onDone }: RenewalOffFormProps) {
  const [reason, setReason] = useState<RenewalOffReason | undefined>()
  const [offer, setOffer] = useState<RetentionOffer | null>(null)
  const choice = useRenewalChoice()
  const turnOff = (confirm: boolean) =>
    choice.mutate(
      { autoRenew: false, reason, confirm },
      {
        onSuccess: (answer) => {
          if (answer.offer) setOffer(answer.offer)
          else onDone()
        },
      },
    )
  const failure = choice.isError
    ? (serverMessageOf(choice.error) ?? 'We could not reach the server. Try again.')
    : undefined

  if (offer) {
    return (
      <div className="grid gap-3 rounded-lg border border-primary/40 bg-accent p-4" role="status">
        <p className="font-medium">
          Before you go: {offer.description} with code {offer.code}
        </p>
        <p className="text-sm text-muted-foreground">
          Use the code when you renew from this page. Automatic renewal stays on if you keep it.
        </p>
        <FormAlert message={failure} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={onDone}>Keep automatic renewal</Button>
          <Button variant="outline" onClick={() => turnOff(true)} disabled={choice.isPending}>
            Turn off anyway
          </Button>
        </div>
      </div>
    )
  }
  return (
    <form
      className="grid gap-3 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault()
        turnOff(false)
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Why are you turning it off? (optional)</legend>
        {renewalOffReasons.map((each) => (
          <label key={each} className="flex cursor-pointer items-center gap-3 text-sm">
            <input
              type="radio"
              name="renewal-off-reason"
              value={each}
              checked={reason === each}
              onChange={() => setReason(each)}
              className="size-4 accent-(--primary)"
            />
            {renewalOffReasonLabels[each]}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted-foreground">
        {endsAt
          ? `Your line stays on until ${formatDate(endsAt)}. Nothing more is charged.`
          : 'Nothing more is charged.'}
      </p>
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={choice.isPending}>
          Turn off automatic renewal
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Keep it on
        </Button>
      </div>
    </form>
  )
}
