import { useState, type ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

type AuthenticationCodeFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string
  error?: string | undefined
  /** At sign-in a recovery code stands in for the app's code; it has letters, so a keyboard. */
  acceptsRecoveryCode?: boolean
}

/** The 'Authentication code' field: a numeric keypad, filled in by the phone when it can. */
export function AuthenticationCodeField({
  id,
  error,
  acceptsRecoveryCode = false,
  className,
  ...inputProps
}: AuthenticationCodeFieldProps) {
  const [isRecoveryCode, setIsRecoveryCode] = useState(false)
  const hint = isRecoveryCode
    ? 'One of the recovery codes you saved, such as abcde-fghjk. Each one works once.'
    : acceptsRecoveryCode
      ? 'The 6-digit code your authenticator app shows. A recovery code also works.'
      : 'The 6-digit code your authenticator app shows for this account.'

  const handleToggle = () => {
    setIsRecoveryCode((isRecovery) => !isRecovery)
    document.getElementById(id)?.focus()
  }

  return (
    <div className="grid gap-1">
      <FormField id={id} label="Authentication code" error={error} hint={hint}>
        {(controlProps) => (
          <Input
            inputMode={isRecoveryCode ? 'text' : 'numeric'}
            autoComplete={isRecoveryCode ? 'off' : 'one-time-code'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            className={cn('font-mono tracking-widest', className)}
            {...controlProps}
            {...inputProps}
          />
        )}
      </FormField>
      {acceptsRecoveryCode && (
        <Button variant="link" size="sm" className="h-auto w-fit px-0 py-1" onClick={handleToggle}>
          {isRecoveryCode ? 'Use the code from the app' : 'Use a recovery code'}
        </Button>
      )}
    </div>
  )
}
