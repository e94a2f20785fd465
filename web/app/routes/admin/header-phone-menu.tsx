import { Download, LogOut, Menu, RefreshCw, UserCog, X } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '@common/admin-users'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { AccountSecurityDialog } from '@/features/auth/components/account-security-dialog'
import { backupDownloadUrl } from '@/features/maintenance/api/download-backup'

type HeaderPhoneMenuProps = {
  user: AdminUser
  onRefresh: () => void
  onLogout: () => void
  onClose: () => void
  className?: string
}

/**
 * The header's actions on a phone, where a row of bare icons said nothing: one menu, each action
 * named, Log out last and set apart from My account.
 */
export function HeaderPhoneMenu({
  user,
  onRefresh,
  onLogout,
  onClose,
  className,
}: HeaderPhoneMenuProps) {
  const [isAccountOpen, setIsAccountOpen] = useState(false)
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className={className}>
            <Menu aria-hidden />
            Menu
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-52">
          <DropdownMenuItem onSelect={() => setIsAccountOpen(true)}>
            <UserCog aria-hidden />
            My account
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onRefresh}>
            <RefreshCw aria-hidden />
            Refresh
          </DropdownMenuItem>
          {user.role === 'super_admin' && (
            <DropdownMenuItem asChild>
              <a href={backupDownloadUrl} download>
                <Download aria-hidden />
                Export Data
              </a>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={onClose}>
            <X aria-hidden />
            Close Panel
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onLogout}>
            <LogOut aria-hidden />
            Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AccountSecurityDialog user={user} open={isAccountOpen} onOpenChange={setIsAccountOpen} />
    </>
  )
}
