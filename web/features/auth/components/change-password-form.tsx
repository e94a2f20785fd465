import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { changePasswordInput } from '@common/admin-users'
import { FormAlert } from '@/components/form-alert'
import { NewPasswordFields } from '@/components/new-password-fields'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { showServerFieldErrors } from '@/lib/form-errors'
import { showToast } from '@/lib/toast'
import { useChangeAdminPassword } from '../api/change-admin-password'
import { failureMessage } from './failure-message'

// Typing the new password twice is the browser's concern; the server gets the other two.
const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine(({ newPassword, confirmPassword }) => newPassword === confirmPassword, {
    path: ['confirmPassword'],
    message: 'The new passwords do not match',
  })
type ChangePasswordForm = z.infer<typeof changePasswordForm>

const emptyForm: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** The signed-in admin's new password; the server signs out their other sessions. */
export function ChangePasswordForm({ username }: { username: string }) {
  const changePassword = useChangeAdminPassword()
  const { register, handleSubmit, control, reset, setError, formState } =
    useForm<ChangePasswordForm>({
      resolver: zodResolver(changePasswordForm),
      defaultValues: emptyForm,
    })
  const values = useWatch({ control })
  const canSubmit =
    values.currentPassword !== '' &&
    values.newPassword !== '' &&
    values.confirmPassword !== '' &&
    !changePassword.isPending
  const { errors } = formState

  const handleChange = handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(emptyForm)
          showToast({
            title: 'Password changed',
            description: 'Your other sessions have been signed out.',
          })
        },
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) {
            setError('root.server', { message: failureMessage(error) })
          }
        },
      },
    ),
  )

  return (
    <form onSubmit={handleChange} noValidate aria-label="Change password" className="grid gap-4">
      {/* Lets password managers store the new password for the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormField
        id="account-current-password"
        label="Current password"
        error={errors.currentPassword?.message}
      >
        {(controlProps) => (
          <PasswordInput
            autoComplete="current-password"
            {...controlProps}
            {...register('currentPassword')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields
          hint="At least 12 characters; not a common password, not your username."
          password={{
            id: 'account-new-password',
            registration: register('newPassword'),
            error: errors.newPassword?.message,
          }}
          confirmation={{
            id: 'account-confirm-password',
            registration: register('confirmPassword'),
            error: errors.confirmPassword?.message,
          }}
        />
      </div>
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" className="w-fit" disabled={!canSubmit}>
        {changePassword.isPending ? <Spinner /> : <KeyRound aria-hidden />}
        Change password
      </Button>
    </form>
  )
}
