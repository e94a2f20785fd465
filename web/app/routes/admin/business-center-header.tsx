import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import { Download, LayoutDashboard, LogOut, RefreshCw, UserCog, X } from 'lucide-react'
import { useLocation } from 'wouter'
import type { AdminUser } from '@common/admin-users'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { Button } from '@/components/ui/button'
import { Tooltip } from '@/components/ui/tooltip'
import { useLogoutAdmin } from '@/features/admin-auth/api/logout-admin'
import { AccountSecurityDialog } from '@/features/admin-auth/components/account-security-dialog'
import { AdminRoleBadge } from '@/features/admin-users/components/admin-role-badge'
import { backupDownloadUrl } from '@/features/maintenance/api/download-backup'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { showToast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { SectionMenu } from './section-menu'

/** Button text hides on phones; it stays the accessible name. */
function ButtonText({ children }: { children: string }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>
}

export function BusinessCenterHeader({ user }: { user: AdminUser }) {
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const isFetching = useIsFetching() > 0
  const logout = useLogoutAdmin()

  const handleLogout = () =>
    logout.mutate(undefined, {
      onError: () => showToast({ title: 'Failed to log out', variant: 'destructive' }),
    })

  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex max-w-[90rem] flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <LayoutDashboard className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="text-lg leading-tight font-bold">Business Center</h1>
            <p className="flex items-center gap-2 truncate text-sm text-muted-foreground">
              <span className="truncate">
                Signed in as <span className="font-medium text-foreground">{user.username}</span>
              </span>
              <AdminRoleBadge role={user.role} />
            </p>
          </div>
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <NotificationBell />
          <Tooltip content="Download a full backup (JSON)">
            <Button variant="outline" asChild>
              <a href={backupDownloadUrl} download>
                <Download aria-hidden />
                <ButtonText>Export Data</ButtonText>
              </a>
            </Button>
          </Tooltip>
          <Button variant="outline" onClick={() => void queryClient.invalidateQueries()}>
            <RefreshCw className={cn(isFetching && 'motion-safe:animate-spin')} aria-hidden />
            <ButtonText>Refresh</ButtonText>
          </Button>
          <ThemeToggle />
          <AccountSecurityDialog user={user}>
            <Button variant="ghost">
              <UserCog aria-hidden />
              <ButtonText>My account</ButtonText>
            </Button>
          </AccountSecurityDialog>
          <Button variant="ghost" onClick={handleLogout} disabled={logout.isPending}>
            <LogOut aria-hidden />
            <ButtonText>Log out</ButtonText>
          </Button>
          <Button variant="ghost" onClick={() => navigate('/')}>
            <X aria-hidden />
            <ButtonText>Close Panel</ButtonText>
          </Button>
        </div>
        <SectionMenu className="sm:hidden" role={user.role} />
      </div>
    </header>
  )
}
