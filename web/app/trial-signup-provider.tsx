import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react'
import { usePlans } from '@/features/plans/api/get-plans'
import { resumePendingTrialRequests } from '@/features/trial-requests/api/deliver-trial-request'
import { Spinner } from '@/components/ui/spinner'
import { TrialSignupContext, type TrialSignup } from '@/lib/trial-signup-context'

// The modal (with the form library and the validation schema) is a chunk of its own, fetched
// when a trial button is first hovered, focused or clicked: the landing page loads without it.
const loadTrialSignupDialog = () =>
  import('@/features/trial-requests/components/trial-signup-dialog')
const TrialSignupDialog = lazy(() =>
  loadTrialSignupDialog().then((module) => ({ default: module.TrialSignupDialog })),
)

type ModalState = {
  isOpen: boolean
  planName: string | undefined
  /** The control that opened the modal, focused again when it closes. */
  opener: HTMLElement | null
}

function TrialSignupModal({ state, onClose }: { state: ModalState; onClose: () => void }) {
  const plans = usePlans()
  const planNames = plans.data?.map((plan) => plan.name) ?? (plans.isError ? [] : undefined)
  return (
    <TrialSignupDialog
      isOpen={state.isOpen}
      onClose={onClose}
      planName={state.planName}
      planNames={planNames}
      returnFocusTo={state.opener}
    />
  )
}

function ModalLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60">
      <Spinner className="size-8 text-white" label="Loading" />
    </div>
  )
}

/** Lets any page open the trial signup modal; also resends requests an earlier visit kept. */
export function TrialSignupProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState | null>(null)
  const trialSignup = useMemo<TrialSignup>(
    () => ({
      open: (planName) => {
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
        setState({ isOpen: true, planName, opener })
      },
      prefetch: () => void loadTrialSignupDialog(),
    }),
    [],
  )
  useEffect(resumePendingTrialRequests, [])

  return (
    <TrialSignupContext value={trialSignup}>
      {children}
      {state && (
        <Suspense fallback={state.isOpen ? <ModalLoading /> : null}>
          <TrialSignupModal
            state={state}
            onClose={() => setState((current) => current && { ...current, isOpen: false })}
          />
        </Suspense>
      )}
    </TrialSignupContext>
  )
}
