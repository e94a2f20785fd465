import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import { Download, LayoutDashboard, LogOut, RefreshCw, UserCog, X } from 'lucide-react'
import { useLocation } from 'wouter'
import type { AdminUser } from '@common/admin-users'
import { parseAdminPath } from '@common/routes'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { Button } from '@/components/ui/button'
import { Tooltip } from '@/components/ui/tooltip'
import { useLogoutAdmin } from '@/features/auth/api/logout-admin'
import { AccountSecurityDialog } from '@/features/auth/components/account-security-dialog'
import { AdminRoleBadge } from '@/features/admins/components/admin-role-badge'
import { backupDownloadUrl } from '@/features/maintenance/api/download-backup'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { showToast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { HeaderPhoneMenu } from './header-phone-menu'
import { SectionMenu } from './section-menu'

export function BusinessCenterHeader({ user }: { user: AdminUser }) {
  const [pathname, navigate] = useLocation()
  const location = parseAdminPath(pathname)
  // On a phone an open chat takes the screen; its own Back button leads out again.
  const isChatOpen =
    location.kind === 'section' && location.section === 'support' && location.detailId !== null
  const queryClient = useQueryClient()
  const isFetching = useIsFetching() > 0
  const logout = useLogoutAdmin()

  const handleLogout = () =>
    logout.mutate(undefined, {
      onError: () => showToast({ title: 'Failed to log out', variant: 'destructive' }),
    })

  const handleRefresh = () => void queryClient.invalidateQueries()
  const handleClose = () => navigate('/')

  return (
    <header
      className={cn('sticky top-0 z-40 border-b bg-background', isChatOpen && 'max-sm:border-0')}
    >
      {/* The page keeps its title for screen readers while the header steps aside. */}
      {isChatOpen && <h1 className="sr-only sm:hidden">Business Center</h1>}
      <div
        className={cn(
          'mx-auto flex max-w-[90rem] flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6 lg:px-8',
          isChatOpen && 'max-sm:hidden',
        )}
      >
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
          <ThemeToggle />
          <HeaderPhoneMenu
            user={user}
            onRefresh={handleRefresh}
            onLogout={handleLogout}
            onClose={handleClose}
            className="sm:hidden"
          />
          <div className="flex items-center gap-2 max-sm:hidden">
            {/* The backup holds every table: only a super admin may download it. */}
            {user.role === 'super_admin' && (
              <Tooltip content="Download a full backup (JSON)">
                <Button variant="outline" asChild>
                  <a href={backupDownloadUrl} download>
                    <Download aria-hidden />
                    Export Data
                  </a>
                </Button>
              </Tooltip>
            )}
            <Button variant="outline" onClick={handleRefresh}>
              <RefreshCw className={cn(isFetching && 'motion-safe:animate-spin')} aria-hidden />
              Refresh
            </Button>
            <Button variant="ghost" onClick={handleClose}>
              <X aria-hidden />
              Close Panel
            </Button>
            <AccountSecurityDialog user={user}>
              <Button variant="ghost">
                <UserCog aria-hidden />
                My account
              </Button>
            </AccountSecurityDialog>
            {/* Set apart, so that a tap meant for My account does not sign out. */}
            <span aria-hidden className="mx-1 h-6 w-px bg-border" />
            <Button variant="ghost" onClick={handleLogout} disabled={logout.isPending}>
              <LogOut aria-hidden />
              Log out
            </Button>
          </div>
        </div>
        <SectionMenu className="sm:hidden" role={user.role} />
      </div>
    </header>
  )
}
