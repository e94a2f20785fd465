import { zodResolver } from '@hookform/resolvers/zod'
import { LogIn, ShieldCheck } from 'lucide-react'
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
import { useLoginAdmin } from '../api/login-admin'

function loginFailureDescription(error: unknown): string {
  if (isNetworkError(error)) return 'Failed to connect to authentication server'
  return serverMessageOf(error) ?? 'Invalid credentials'
}

type AdminLoginDialogProps = { onCancel: () => void }

/** The 'Admin Access' dialog; closing it any way (Cancel, Escape) counts as cancelling. */
export function AdminLoginDialog({ onCancel }: AdminLoginDialogProps) {
  const login = useLoginAdmin()
  const { register, handleSubmit, control, formState } = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginInput),
    defaultValues: { username: '', password: '' },
  })
  const [username, password] = useWatch({ control, name: ['username', 'password'] })
  const canSubmit = username.trim() !== '' && password !== '' && !login.isPending

  const handleLogin = handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: () => showToast({ title: 'Successfully logged in to admin panel' }),
      onError: (error) =>
        showToast({
          title: 'Authentication Failed',
          description: loginFailureDescription(error),
          variant: 'destructive',
        }),
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
          <DialogDescription>Sign in to open the Business Center.</DialogDescription>
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
