import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useAdminSession } from '@/features/auth/api/get-admin-session'
import { AdminLoginDialog } from '@/features/auth/components/admin-login-dialog'
import { NewPasswordRequiredScreen } from '@/features/auth/components/new-password-required-screen'
import { TwoFactorRequiredScreen } from '@/features/auth/components/two-factor-required-screen'
import { useDocumentTitle } from '@/lib/use-document-title'
import { BusinessCenter } from './business-center'
import { useSignOutOnUnauthorized } from './use-sign-out-on-unauthorized'

function CenteredScreen({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-muted/40 p-6 text-center">
      {children}
    </div>
  )
}

/**
 * /admin: the Admin Access dialog without a session, the Business Center with one, or only the
 * two-factor set-up while the security settings require it of this admin.
 */
export function AdminRoute() {
  useDocumentTitle('Business Center')
  const [, navigate] = useLocation()
  const session = useAdminSession()
  useSignOutOnUnauthorized()

  if (session.isPending) {
    return (
      <CenteredScreen>
        <Spinner className="size-8 text-primary" label="Checking your session" />
      </CenteredScreen>
    )
  }
  if (session.isError) {
    return (
      <CenteredScreen>
        <p role="alert" className="font-medium">
          The Business Center is unreachable right now.
        </p>
        <Button variant="outline" onClick={() => void session.refetch()}>
          Try again
        </Button>
      </CenteredScreen>
    )
  }
  if (!session.data) {
    return (
      <CenteredScreen>
        <ShieldCheck className="size-10 text-muted-foreground" aria-hidden />
        <AdminLoginDialog onCancel={() => navigate('/')} />
      </CenteredScreen>
    )
  }
  if (session.data.mustSetPassword) return <NewPasswordRequiredScreen user={session.data.user} />
  if (session.data.mustSetUpTwoFactor) return <TwoFactorRequiredScreen user={session.data.user} />
  return <BusinessCenter user={session.data.user} />
}
