import { LayoutDashboard, LogOut } from 'lucide-react'
import type { ReactNode } from 'react'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { showToast } from '@/lib/toast'
import { useLogoutAdmin } from '../api/logout-admin'

type Props = { icon: ReactNode; title: string; description: ReactNode; children: ReactNode }

/**
 * A step the server requires before the Business Center (a new password, two-factor sign-in):
 * the step and a way out. The server refuses everything else until it is done.
 */
export function RequiredStepScreen({ icon, title, description, children }: Props) {
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
              {icon}
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  )
}
