import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  confirmIdentityInput,
  confirmPasswordInput,
  type ConfirmIdentityInput,
  type ConfirmPasswordInput,
  type StartTwoFactorSetupInput,
} from '@common/admin-users'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { showServerFieldErrors } from '@/lib/form-errors'
import { AuthenticationCodeField } from './authentication-code-field'
import { failureMessage } from './failure-message'
import { FormActions } from './form-actions'

type FormValues = { password: string; code?: string }

type ConfirmIdentityFormProps<T> = {
  id: string
  /** The form's accessible name ('Turn off two-factor sign-in'). */
  label: string
  description: ReactNode
  submitLabel: string
  submitIcon: ReactNode
  isDestructive?: boolean
  onConfirmed: (data: T) => void
  onCancel?: () => void
} & (
  | { needsCode?: false; mutation: UseMutationResult<T, Error, ConfirmPasswordInput> }
  /** A change to a second factor that is on: it asks for a current code as well. */
  | {
      needsCode: true
      mutation:
        | UseMutationResult<T, Error, ConfirmIdentityInput>
        | UseMutationResult<T, Error, StartTwoFactorSetupInput>
    }
)

/**
 * Asks for the admin's password again before a change to how the account signs in, and with
 * `needsCode` for a code from the authenticator app or a recovery code too.
 */
export function ConfirmIdentityForm<T>(props: ConfirmIdentityFormProps<T>) {
  const { id, label, description, submitLabel, submitIcon, isDestructive = false } = props
  const { onConfirmed, onCancel, mutation } = props
  // Without a code field the code is neither asked for nor checked.
  const schema: z.ZodType<FormValues, FormValues> = props.needsCode
    ? confirmIdentityInput
    : confirmPasswordInput
  const { register, handleSubmit, control, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', code: '' },
  })
  const [password, code] = useWatch({ control, name: ['password', 'code'] })
  const { errors } = formState
  const isIncomplete = password === '' || (props.needsCode === true && code === '')

  const handleConfirm = handleSubmit((input) => {
    const options = {
      onSuccess: onConfirmed,
      onError: (error: Error) => {
        if (!showServerFieldErrors(error, setError, ['password', 'code'])) {
          setError('root.server', { message: failureMessage(error) })
        }
      },
    }
    if (props.needsCode)
      props.mutation.mutate({ password: input.password, code: input.code ?? '' }, options)
    else props.mutation.mutate({ password: input.password }, options)
  })

  return (
    <form onSubmit={handleConfirm} noValidate aria-label={label} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{description}</p>
      <FormField
        id={`${id}-password`}
        label="Password"
        hint="Enter your password again to confirm it is you."
        error={errors.password?.message}
      >
        {(controlProps) => (
          <PasswordInput
            autoComplete="current-password"
            autoFocus
            {...controlProps}
            {...register('password')}
          />
        )}
      </FormField>
      {props.needsCode && (
        <AuthenticationCodeField
          id={`${id}-code`}
          acceptsRecoveryCode
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      <FormAlert message={errors.root?.server?.message} />
      <FormActions
        label={submitLabel}
        icon={submitIcon}
        isPending={mutation.isPending}
        isDisabled={isIncomplete}
        isDestructive={isDestructive}
        onCancel={onCancel}
      />
    </form>
  )
}
