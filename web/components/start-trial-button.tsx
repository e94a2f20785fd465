import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { useTrialSignup } from '@/lib/trial-signup-context'

type StartTrialButtonProps = Omit<ComponentProps<typeof Button>, 'onClick'> & {
  /** The plan preselected in the trial form. */
  planName?: string
}

/** Opens the trial signup modal; hovering or focusing it already fetches the modal's code. */
export function StartTrialButton({ planName, ...props }: StartTrialButtonProps) {
  const trialSignup = useTrialSignup()
  return (
    <Button
      {...props}
      onClick={() => trialSignup.open(planName)}
      onPointerEnter={trialSignup.prefetch}
      onFocus={trialSignup.prefetch}
    />
  )
}
