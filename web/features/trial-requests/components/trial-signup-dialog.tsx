import { useState } from 'react'
import { undecidedPlan, type TrialRequestReceipt } from '@common/trial-requests'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { TrialAlreadyRequested } from './trial-already-requested'
import { TrialRequestSubmitted } from './trial-request-submitted'
import { TrialSignupForm } from './trial-signup-form'

type TrialSignupDialogProps = {
  isOpen: boolean
  onClose: () => void
  planName: string | undefined
  /** The plans on offer; undefined while they load, empty when they could not be loaded. */
  planNames: string[] | undefined
  /** Focused on close. Radix returns focus only to a Dialog.Trigger, and this modal has many. */
  returnFocusTo: HTMLElement | null
}

type TrialSignupFlowProps = Omit<TrialSignupDialogProps, 'isOpen' | 'returnFocusTo'>

// Lives inside the dialog's content, which unmounts on close: closing resets form and view.
function TrialSignupFlow({ onClose, planName, planNames }: TrialSignupFlowProps) {
  // Undefined while the form shows; null when the submit failed (spec: success all the same).
  const [receipt, setReceipt] = useState<TrialRequestReceipt | null>()
  // Without the plan list a lead is still worth taking: "Not sure yet" is always offered.
  const options = planNames?.length === 0 ? [undecidedPlan] : planNames
  if (receipt?.outcome === 'already_requested') return <TrialAlreadyRequested onClose={onClose} />
  if (receipt !== undefined) {
    return <TrialRequestSubmitted onGetStarted={onClose} receipt={receipt} />
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Start Your Free Trial</DialogTitle>
        <DialogDescription>
          24 hours of full access. No credit card, no commitment, cancel anytime.
        </DialogDescription>
      </DialogHeader>
      {options ? (
        <TrialSignupForm planNames={options} planName={planName} onSubmitted={setReceipt} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-primary" label="Loading plans" />
        </div>
      )}
    </>
  )
}

/** The trial signup modal: the form, then the confirmation (or: you have already asked). */
export function TrialSignupDialog({
  isOpen,
  onClose,
  returnFocusTo,
  ...flowProps
}: TrialSignupDialogProps) {
  const handleCloseAutoFocus = (event: Event) => {
    if (!returnFocusTo?.isConnected) return
    event.preventDefault()
    returnFocusTo.focus()
  }
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={handleCloseAutoFocus}>
        <TrialSignupFlow onClose={onClose} {...flowProps} />
      </DialogContent>
    </Dialog>
  )
}
