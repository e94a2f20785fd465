import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { newPasswordInput, type AdminUser } from '@common/admin-users'
import { FormAlert } from '@/components/form-alert'
import { NewPasswordFields } from '@/components/new-password-fields'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { showServerFieldErrors } from '@/lib/form-errors'
import { refreshAdminSession } from '../api/get-admin-session'
import { useSetNewPassword } from '../api/set-new-password'
import { failureMessage } from './failure-message'
import { RequiredStepScreen } from './required-step-screen'

const newPasswordForm = newPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine(({ newPassword, confirmPassword }) => newPassword === confirmPassword, {
    path: ['confirmPassword'],
    message: 'The new passwords do not match',
  })
type NewPasswordForm = z.infer<typeof newPasswordForm>

/** What a staff member signed in with a restore's one-time code sees: their new password first. */
export function NewPasswordRequiredScreen({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const setNewPassword = useSetNewPassword()
  const { register, handleSubmit, control, setError, formState } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })
  const values = useWatch({ control })
  const canSubmit =
    values.newPassword !== '' && values.confirmPassword !== '' && !setNewPassword.isPending
  const { errors } = formState

  const handleSet = handleSubmit(({ newPassword }) =>
    setNewPassword.mutate(
      { newPassword },
      {
        onSuccess: () => void refreshAdminSession(queryClient),
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, ['newPassword'])) {
            setError('root.server', { message: failureMessage(error) })
          }
        },
      },
    ),
  )

  return (
    <RequiredStepScreen
      icon={<KeyRound className="size-6" aria-hidden />}
      title="Choose a new password"
      description={`You signed in with a one-time code. Choose the password ${user.username} signs in with from now on to continue to the Business Center.`}
    >
      <form
        onSubmit={handleSet}
        noValidate
        aria-label="Choose a new password"
        className="grid gap-4"
      >
        {/* Lets password managers store the new password for the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user.username}
          readOnly
          hidden
        />
        <NewPasswordFields
          hint="At least 12 characters; not a common password, not your username."
          password={{
            id: 'required-new-password',
            registration: register('newPassword'),
            error: errors.newPassword?.message,
          }}
          confirmation={{
            id: 'required-confirm-password',
            registration: register('confirmPassword'),
            error: errors.confirmPassword?.message,
          }}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Button type="submit" className="w-fit" disabled={!canSubmit}>
          {setNewPassword.isPending ? <Spinner /> : <KeyRound aria-hidden />}
          Continue to the Business Center
        </Button>
      </form>
    </RequiredStepScreen>
  )
}
