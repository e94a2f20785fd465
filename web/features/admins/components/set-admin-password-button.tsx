import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { setAdminPasswordInput, type AdminUser } from '@common/admin-users'
import { FormAlert } from '@/components/form-alert'
import { NewPasswordFields } from '@/components/new-password-fields'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/api-client'
import { showServerFieldErrors } from '@/lib/form-errors'
import { showToast } from '@/lib/toast'
import { useSetAdminPassword } from '../api/set-admin-password'

const setPasswordForm = setAdminPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine(({ password, confirmPassword }) => password === confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  })
type SetPasswordForm = z.infer<typeof setPasswordForm>

/** A super admin gives another staff account a new password (after a restore, or a lost one). */
export function SetAdminPasswordButton({ user }: { user: AdminUser }) {
  const [isOpen, setIsOpen] = useState(false)
  const setPassword = useSetAdminPassword()
  const { register, handleSubmit, control, reset, setError, formState } = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const values = useWatch({ control })
  const canSubmit =
    values.password !== '' && values.confirmPassword !== '' && !setPassword.isPending
  const { errors } = formState

  const handleSet = handleSubmit(({ password }) =>
    setPassword.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          setIsOpen(false)
          reset()
          showToast({
            title: `New password set for ${user.username}`,
            description: 'Their sessions have been signed out.',
          })
        },
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, ['password'])) {
            setError('root.server', {
              message: serverMessageOf(error) ?? 'The password could not be set. Try again.',
            })
          }
        },
      },
    ),
  )

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Set a new password for ${user.username}`}
          title={`Set a new password for ${user.username}`}
        >
          <KeyRound aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set a new password for {user.username}</DialogTitle>
          <DialogDescription>
            Tell them the password yourself; they can change it under their account. Their sessions
            are signed out.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={handleSet}
          noValidate
          aria-label="Set a new password"
          className="grid gap-4"
        >
          <NewPasswordFields
            hint="At least 12 characters; not a common password, not their username."
            password={{
              id: `set-password-${user.id}`,
              registration: register('password'),
              error: errors.password?.message,
            }}
            confirmation={{
              id: `set-password-confirm-${user.id}`,
              registration: register('confirmPassword'),
              error: errors.confirmPassword?.message,
            }}
          />
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" className="w-fit" disabled={!canSubmit}>
            {setPassword.isPending ? <Spinner /> : <KeyRound aria-hidden />}
            Set password
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
