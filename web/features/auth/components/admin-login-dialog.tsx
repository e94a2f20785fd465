import { zodResolver } from '@hookform/resolvers/zod'
import { LogIn, ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { adminLoginInput, type AdminLoginInput } from '@common/admin-users'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { isNetworkError, serverMessageOf } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { isTwoFactorChallenge, useLoginAdmin } from '../api/login-admin'
import { AuthenticationCodeField } from './authentication-code-field'

function loginFailureDescription(error: unknown): string {
  if (isNetworkError(error)) return 'Failed to connect to authentication server'
  return serverMessageOf(error) ?? 'Invalid credentials'
}

type AdminLoginDialogProps = { onCancel: () => void }

/**
 * The 'Admin Access' dialog; closing it any way (Cancel, Escape) counts as cancelling. An account
 * with two-factor sign-in gets a code field once its password is accepted, and the three are
 * sent again together.
 */
export function AdminLoginDialog({ onCancel }: AdminLoginDialogProps) {
  const login = useLoginAdmin()
  const [isCodeNeeded, setIsCodeNeeded] = useState(false)
  const { register, handleSubmit, control, formState, setError, setFocus } =
    useForm<AdminLoginInput>({
      resolver: zodResolver(adminLoginInput),
      defaultValues: { username: '', password: '' },
    })
  const [username, password, code] = useWatch({ control, name: ['username', 'password', 'code'] })
  const canSubmit =
    username.trim() !== '' &&
    password !== '' &&
    (!isCodeNeeded || (code ?? '').trim() !== '') &&
    !login.isPending

  useEffect(() => {
    if (isCodeNeeded) setFocus('code')
  }, [isCodeNeeded, setFocus])

  const handleLogin = handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: () => showToast({ title: 'Successfully logged in to admin panel' }),
      onError: (error) => {
        if (isTwoFactorChallenge(error)) {
          // The first challenge only asks for the code; later ones say what was wrong with it.
          if (isCodeNeeded) {
            setError('code', { message: serverMessageOf(error) }, { shouldFocus: true })
          }
          setIsCodeNeeded(true)
          return
        }
        showToast({
          title: 'Authentication Failed',
          description: loginFailureDescription(error),
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogContent showCloseButton={false} className="max-w-md">
        <DialogHeader className="items-center text-center sm:items-center sm:text-center">
          <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <DialogTitle>Admin Access</DialogTitle>
          <DialogDescription>
            {isCodeNeeded
              ? 'Enter the code from your authenticator app to finish signing in.'
              : 'Sign in to open the Business Center.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={handleLogin} noValidate className="grid gap-4">
          <FormField
            id="admin-login-username"
            label="Username"
            error={formState.errors.username?.message}
          >
            {(controlProps) => (
              <Input
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                {...controlProps}
                {...register('username')}
              />
            )}
          </FormField>
          <FormField
            id="admin-login-password"
            label="Password"
            error={formState.errors.password?.message}
          >
            {(controlProps) => (
              <PasswordInput
                autoComplete="current-password"
                {...controlProps}
                {...register('password')}
              />
            )}
          </FormField>
          {isCodeNeeded && (
            <AuthenticationCodeField
              id="admin-login-code"
              error={formState.errors.code?.message}
              acceptsRecoveryCode
              {...register('code')}
            />
          )}
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {login.isPending ? <Spinner /> : <LogIn aria-hidden />}
              Login
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
