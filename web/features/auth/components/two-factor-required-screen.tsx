import { useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import type { AdminUser } from '@common/admin-users'
import { refreshAdminSession } from '../api/get-admin-session'
import { RequiredStepScreen } from './required-step-screen'
import { TwoFactorSetup } from './two-factor-setup'

/** What a super admin without two-factor sign-in sees while Business Settings require it. */
export function TwoFactorRequiredScreen({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  return (
    <RequiredStepScreen
      icon={<ShieldCheck className="size-6" aria-hidden />}
      title="Turn on two-factor sign-in"
      description={`Business Settings require super admins to sign in with a code from an authenticator app. Set it up for ${user.username} to continue to the Business Center.`}
    >
      {/* The session is read again only once the recovery codes have been seen. */}
      <TwoFactorSetup
        id="required-two-factor-setup"
        username={user.username}
        titleAs="h2"
        finishLabel="Continue to the Business Center"
        onFinished={() => void refreshAdminSession(queryClient)}
      />
    </RequiredStepScreen>
  )
}
