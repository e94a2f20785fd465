import { useQueryClient } from '@tanstack/react-query'
import { LayoutDashboard, LogOut, ShieldCheck } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { showToast } from '@/lib/toast'
import { refreshAdminSession } from '../api/get-admin-session'
import { useLogoutAdmin } from '../api/logout-admin'
import { TwoFactorSetup } from './two-factor-setup'

/**
 * What a super admin without two-factor sign-in sees while Business Settings require it: the
 * set-up and a way out. The server refuses everything else until it is done.
 */
export function TwoFactorRequiredScreen({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const logout = useLogoutAdmin()

  const handleLogout = () =>
    logout.mutate(undefined, {
      onError: () => showToast({ title: 'Failed to log out', variant: 'destructive' }),
    })

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="flex items-center gap-1 px-4 py-3 sm:px-6">
        <p className="mr-auto flex items-center gap-2 font-semibold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <LayoutDashboard className="size-4" aria-hidden />
          </span>
          Business Center
        </p>
        <ThemeToggle />
        <Button variant="ghost" onClick={handleLogout} disabled={logout.isPending}>
          <LogOut aria-hidden />
          Sign out
        </Button>
      </header>
      <main className="mx-auto max-w-xl px-4 pb-10">
        <Card>
          <CardHeader className="gap-3">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <ShieldCheck className="size-6" aria-hidden />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">Turn on two-factor sign-in</h1>
            <CardDescription>
              Business Settings require super admins to sign in with a code from an authenticator
              app. Set it up for {user.username} to continue to the Business Center.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {/* The session is read again only once the recovery codes have been seen. */}
            <TwoFactorSetup
              id="required-two-factor-setup"
              username={user.username}
              titleAs="h2"
              finishLabel="Continue to the Business Center"
              onFinished={() => void refreshAdminSession(queryClient)}
            />
          </CardContent>
        </Card>
      </main>
    </div>
  )
}
