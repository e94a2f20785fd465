import { CircleCheck, Send } from 'lucide-react'
import type { TrialRequestReceipt } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogTitle } from '@/components/ui/dialog'

type TrialRequestSubmittedProps = {
  onGetStarted: () => void
  /** The server's answer; null when the submit failed (it is retried in the background). */
  receipt: Extract<TrialRequestReceipt, { outcome: 'received' }> | null
}

/**
 * What happens next, as it will happen: with the trial autopilot making the line, the login is
 * on its way by e-mail; otherwise we are in touch. No line exists yet, so no end is promised:
 * the trial starts when the login arrives.
 */
function nextSteps(receipt: TrialRequestSubmittedProps['receipt']): string {
  const ends = receipt && ` Your ${receipt.trialHours}-hour trial starts when your login arrives.`
  if (receipt?.isLoginOnItsWay) {
    return `Thank you! Your login is on its way by e-mail: it usually arrives within a minute.${ends}`
  }
  return `Thank you! We'll be in touch shortly with your trial instructions and login details.${ends ?? ''}`
}

/** The confirmation after a trial request (spec: shown even when the submit failed). */
export function TrialRequestSubmitted({ onGetStarted, receipt }: TrialRequestSubmittedProps) {
  const telegramLink = receipt?.telegramLink ?? null
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-9" aria-hidden />
      </span>
      <DialogTitle>Trial Request Submitted!</DialogTitle>
      <DialogDescription className="max-w-sm text-base">{nextSteps(receipt)}</DialogDescription>
      {/* The submit button this replaces is gone: focus moves here, inside the dialog. */}
      <div className="mt-2 flex w-full flex-col-reverse justify-center gap-3 sm:w-auto sm:flex-row">
        {telegramLink && (
          <Button asChild size="lg" variant="outline">
            <a href={telegramLink} target="_blank" rel="noopener noreferrer">
              <Send aria-hidden />
              Get messages on Telegram
              <span className="sr-only"> (opens Telegram)</span>
            </a>
          </Button>
        )}
        <Button size="lg" onClick={onGetStarted} autoFocus>
          Get Started
        </Button>
      </div>
    </div>
  )
}
