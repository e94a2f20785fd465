import { createContext, use } from 'react'

export type TrialSignup = {
  /** Opens the trial signup modal, with the named plan preselected when given. */
  open: (planName?: string) => void
  /** Starts downloading the modal's code (on hover or focus of a trigger) so it opens at once. */
  prefetch: () => void
}

// Defined here, not in web/app, so shared components and features can open the modal;
// web/app/trial-signup-provider.tsx provides it.
export const TrialSignupContext = createContext<TrialSignup | null>(null)

export function useTrialSignup(): TrialSignup {
  const trialSignup = use(TrialSignupContext)
  if (!trialSignup) throw new Error('useTrialSignup must be used within a TrialSignupProvider')
  return trialSignup
}
