import type { ReactNode } from 'react'
import type { AdminUser } from '@common/admin-users'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { ChangePasswordForm } from './change-password-form'
import { TwoFactorSection } from './two-factor-section'

type AccountSecurityDialogProps = {
  user: AdminUser
  /** The button that opens it; focus returns there on close. */
  children?: ReactNode
  /** Opened from elsewhere (a menu item) instead of by its own button. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** 'Account security': the signed-in admin's password and two-factor sign-in. */
export function AccountSecurityDialog({
  user,
  children,
  open,
  onOpenChange,
}: AccountSecurityDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {children && <DialogTrigger asChild>{children}</DialogTrigger>}
      <DialogContent className="gap-6 sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Account security</DialogTitle>
          <DialogDescription>
            Your password and how you sign in, as {user.username}.
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby="account-password-heading" className="grid gap-4">
          <h3 id="account-password-heading" className="text-base font-semibold">
            Password
          </h3>
          <ChangePasswordForm username={user.username} />
        </section>
        <hr />
        <TwoFactorSection user={user} />
      </DialogContent>
    </Dialog>
  )
}
