import { CircleCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogTitle } from '@/components/ui/dialog'

/** The confirmation after a trial request (spec: shown even when the submit failed). */
export function TrialRequestSubmitted({ onGetStarted }: { onGetStarted: () => void }) {
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
      <Button size="lg" className="mt-2 w-full sm:w-auto" onClick={onGetStarted} autoFocus>
        Get Started
      </Button>
    </div>
  )
}
