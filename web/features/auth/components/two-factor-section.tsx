import { KeyRound, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react'
import { useRef, useState } from 'react'
import type { AdminUser } from '@common/admin-users'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { showToast } from '@/lib/toast'
import { useDisableTwoFactor } from '../api/disable-two-factor'
import { useReplaceRecoveryCodes } from '../api/replace-recovery-codes'
import { ConfirmIdentityForm } from './confirm-identity-form'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { TwoFactorSetup } from './two-factor-setup'

type View =
  | { kind: 'status' }
  | { kind: 'setup' }
  | { kind: 'replace' }
  | { kind: 'new-codes' }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }

const headingId = 'account-two-factor-heading'

/**
 * The account's two-factor sign-in: its status, turning it on or off, moving it to a new app,
 * new recovery codes.
 */
export function TwoFactorSection({ user }: { user: AdminUser }) {
  const [view, setView] = useState<View>({ kind: 'status' })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const replaceCodes = useReplaceRecoveryCodes()
  const disable = useDisableTwoFactor()

  // The form that had focus goes away: focus returns to the section's heading.
  const showStatus = () => {
    setView({ kind: 'status' })
    headingRef.current?.focus()
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold outline-none"
        >
          Two-factor sign-in
        </h3>
        <Badge variant={user.twoFactorEnabled ? 'default' : 'outline'}>
          {user.twoFactorEnabled ? 'On' : 'Off'}
        </Badge>
      </div>
      {view.kind === 'status' && (
        <TwoFactorStatus isEnabled={user.twoFactorEnabled} onChoose={setView} />
      )}
      {(view.kind === 'setup' || view.kind === 'replace') && (
        <TwoFactorSetup
          // A new flow for each: one's half-filled steps never show in the other.
          key={view.kind}
          id="account-two-factor-setup"
          username={user.username}
          titleAs="h4"
          finishLabel="Done"
          isReplacing={view.kind === 'replace'}
          onFinished={showStatus}
          onCancel={showStatus}
        />
      )}
      {view.kind === 'new-codes' && (
        <ConfirmIdentityForm
          id="account-new-codes"
          label="Create new recovery codes"
          description="New codes replace the ones you have: the old codes stop working."
          submitLabel="Create new codes"
          submitIcon={<KeyRound aria-hidden />}
          needsCode
          mutation={replaceCodes}
          onConfirmed={({ recoveryCodes }) => {
            showToast({ title: 'New recovery codes created' })
            setView({ kind: 'codes', codes: recoveryCodes })
          }}
          onCancel={showStatus}
        />
      )}
      {view.kind === 'codes' && (
        <RecoveryCodesPanel
          codes={view.codes}
          username={user.username}
          titleAs="h4"
          doneLabel="Done"
          onDone={showStatus}
        />
      )}
      {view.kind === 'disable' && (
        <ConfirmIdentityForm
          id="account-disable-two-factor"
          label="Turn off two-factor sign-in"
          description="Signing in will ask only for your password, and your recovery codes stop working."
          submitLabel="Turn off"
          submitIcon={<ShieldOff aria-hidden />}
          isDestructive
          needsCode
          mutation={disable}
          onConfirmed={() => {
            showToast({ title: 'Two-factor sign-in turned off' })
            showStatus()
          }}
          onCancel={showStatus}
        />
      )}
    </section>
  )
}

type TwoFactorStatusProps = { isEnabled: boolean; onChoose: (view: View) => void }

function TwoFactorStatus({ isEnabled, onChoose }: TwoFactorStatusProps) {
  if (!isEnabled) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Signing in asks only for your password. Add a second step: a code from an authenticator
          app on your phone, so a stolen password alone cannot open the Business Center.
        </p>
        <Button className="w-fit" onClick={() => onChoose({ kind: 'setup' })}>
          <ShieldCheck aria-hidden />
          Turn on two-factor sign-in
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Signing in asks for your password and a code from your authenticator app. Lost your phone?
        Sign in with one of your recovery codes.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onChoose({ kind: 'replace' })}>
          <Smartphone aria-hidden />
          Replace authenticator
        </Button>
        <Button variant="outline" onClick={() => onChoose({ kind: 'new-codes' })}>
          <KeyRound aria-hidden />
          New recovery codes
        </Button>
        <Button variant="ghost-destructive" onClick={() => onChoose({ kind: 'disable' })}>
          <ShieldOff aria-hidden />
          Turn off
        </Button>
      </div>
    </div>
  )
}
