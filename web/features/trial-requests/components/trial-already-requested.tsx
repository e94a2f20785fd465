import { MailCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { site } from '@/lib/site-config'

/**
 * The answer to a second request from someone whose first one is still open (one free trial per
 * person). It says what happens next and nothing about the earlier request itself.
 */
export function TrialAlreadyRequested({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-9" aria-hidden />
      </span>
      <DialogTitle>You Have Already Asked for a Trial</DialogTitle>
      <DialogDescription asChild>
        <div className="grid max-w-sm gap-2 text-base">
          <p>
            Good news: your free trial request is already with us, so there is nothing more to do.
            We'll be in touch shortly with your trial instructions and login details.
          </p>
          <p>
            Nothing yet? Check your spam folder, or write to{' '}
            <a className="font-medium text-primary underline" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
            .
          </p>
        </div>
      </DialogDescription>
      {/* The submit button this replaces is gone: focus moves here, inside the dialog. */}
      <Button size="lg" className="mt-2 w-full sm:w-auto" onClick={onClose} autoFocus>
        Got It
      </Button>
    </div>
  )
}
