import { CircleCheck, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogTitle } from '@/components/ui/dialog'

type TrialRequestSubmittedProps = {
  onGetStarted: () => void
  /** The t.me deep link that binds the visitor's chat, when the server offers Telegram. */
  telegramLink: string | null
}

/** The confirmation after a trial request (spec: shown even when the submit failed). */
export function TrialRequestSubmitted({ onGetStarted, telegramLink }: TrialRequestSubmittedProps) {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-9" aria-hidden />
      </span>
      <DialogTitle>Trial Request Submitted!</DialogTitle>
      <DialogDescription className="max-w-sm text-base">
        Thank you! We'll be in touch shortly with your trial instructions and login details. Your 24
        hours start when you first sign in.
      </DialogDescription>
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
