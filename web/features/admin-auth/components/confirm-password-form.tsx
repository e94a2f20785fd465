import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { confirmPasswordInput, type ConfirmPasswordInput } from '@common/admin-users'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { showServerFieldErrors } from '@/lib/form-errors'
import { failureMessage } from './failure-message'

type ConfirmPasswordFormProps<T> = {
  id: string
  /** The form's accessible name ('Turn off two-factor sign-in'). */
  label: string
  description: ReactNode
  submitLabel: string
  submitIcon: ReactNode
  isDestructive?: boolean
  mutation: UseMutationResult<T, Error, ConfirmPasswordInput>
  onConfirmed: (data: T) => void
  onCancel?: () => void
}

/** Asks for the admin's password again before a change to how the account signs in. */
export function ConfirmPasswordForm<T>({
  id,
  label,
  description,
  submitLabel,
  submitIcon,
  isDestructive = false,
  mutation,
  onConfirmed,
  onCancel,
}: ConfirmPasswordFormProps<T>) {
  const { register, handleSubmit, control, setError, formState } = useForm<ConfirmPasswordInput>({
    resolver: zodResolver(confirmPasswordInput),
    defaultValues: { password: '' },
  })
  const password = useWatch({ control, name: 'password' })
  const { errors } = formState

  const handleConfirm = handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: onConfirmed,
      onError: (error) => {
        if (!showServerFieldErrors(error, setError, ['password'])) {
          setError('root.server', { message: failureMessage(error) })
        }
      },
    }),
  )

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
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={isDestructive ? 'destructive' : 'default'}
          disabled={password === '' || mutation.isPending}
        >
          {mutation.isPending ? <Spinner /> : submitIcon}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
