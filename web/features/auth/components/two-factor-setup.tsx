import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRight, ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  enableTwoFactorInput,
  type EnableTwoFactorInput,
  type TwoFactorSetup as Setup,
} from '@common/admin-users'
import { CopyButton } from '@/components/copy-button'
import { FormAlert } from '@/components/form-alert'
import { ApiError } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { useEnableTwoFactor } from '../api/enable-two-factor'
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup'
import { AuthenticationCodeField } from './authentication-code-field'
import { ConfirmIdentityForm } from './confirm-identity-form'
import { failureMessage } from './failure-message'
import { FormActions } from './form-actions'
import { RecoveryCodesPanel } from './recovery-codes-panel'

type Step =
  { kind: 'password' } | { kind: 'scan'; setup: Setup } | { kind: 'codes'; codes: string[] }

type TwoFactorSetupProps = {
  id: string
  username: string
  /** Headings inside are at this level. */
  titleAs: 'h2' | 'h4'
  finishLabel: string
  /** Two-factor is on and this moves it to a new app: the current one is asked for first. */
  isReplacing?: boolean
  onFinished: () => void
  onCancel?: () => void
}

/**
 * Turning on two-factor sign-in, or moving it to a new app: password (and a current code when
 * replacing), then the QR code and a first code, then recovery codes.
 */
export function TwoFactorSetup({
  id,
  username,
  titleAs,
  finishLabel,
  isReplacing = false,
  onFinished,
  onCancel,
}: TwoFactorSetupProps) {
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const start = useStartTwoFactorSetup()

  if (step.kind === 'password') {
    const confirm = {
      id: `${id}-start`,
      submitLabel: 'Continue',
      submitIcon: <ArrowRight aria-hidden />,
      mutation: start,
      onConfirmed: (setup: Setup) => setStep({ kind: 'scan', setup }),
      onCancel,
    }
    return isReplacing ? (
      <ConfirmIdentityForm
        {...confirm}
        label="Replace your authenticator app"
        description="For a new phone. Your current app keeps working until a code from the new one is confirmed; your recovery codes are then replaced too."
        needsCode
      />
    ) : (
      <ConfirmIdentityForm
        {...confirm}
        label="Set up two-factor sign-in"
        description="You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password."
      />
    )
  }
  if (step.kind === 'scan') {
    return (
      <ScanStep
        id={id}
        setup={step.setup}
        isReplacing={isReplacing}
        onEnabled={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={onCancel}
      />
    )
  }
  return (
    <RecoveryCodesPanel
      codes={step.codes}
      username={username}
      titleAs={titleAs}
      doneLabel={finishLabel}
      onDone={onFinished}
    />
  )
}

/** Groups of four, as authenticator apps show keys; spaces are ignored when typed in. */
const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

type ScanStepProps = {
  id: string
  setup: Setup
  isReplacing: boolean
  onEnabled: (recoveryCodes: string[]) => void
  onCancel: (() => void) | undefined
}

function ScanStep({ id, setup, isReplacing, onEnabled, onCancel }: ScanStepProps) {
  const enable = useEnableTwoFactor()
  const { register, handleSubmit, control, setError, formState } = useForm<EnableTwoFactorInput>({
    resolver: zodResolver(enableTwoFactorInput),
    defaultValues: { code: '' },
  })
  const code = useWatch({ control, name: 'code' })
  const { errors } = formState
  // The button that led here is gone: focus starts at the instructions, read from the top.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => formRef.current?.focus(), [])
  // The SVG comes from our server; as an image it cannot run script, and the CSP allows data:.
  const qrCodeSrc = `data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`

  const handleEnable = handleSubmit((input) =>
    enable.mutate(input, {
      onSuccess: ({ recoveryCodes }) => {
        showToast({
          title: isReplacing ? 'Authenticator app replaced' : 'Two-factor sign-in turned on',
        })
        onEnabled(recoveryCodes)
      },
      onError: (error) => {
        // A wrong code is a 400 about the code, with the server's advice.
        if (error instanceof ApiError && error.status === 400) {
          setError('code', { message: error.serverMessage }, { shouldFocus: true })
        } else {
          setError('root.server', { message: failureMessage(error) })
        }
      },
    }),
  )

  return (
    <form
      ref={formRef}
      tabIndex={-1}
      onSubmit={handleEnable}
      noValidate
      aria-label={isReplacing ? 'Confirm the new authenticator app' : 'Confirm two-factor sign-in'}
      className="grid gap-4 outline-none"
    >
      {/* List items keep display: list-item, or their numbers would not show. */}
      <ol className="list-decimal space-y-4 pl-5 text-sm marker:font-semibold marker:text-muted-foreground">
        <li className="space-y-3">
          <p>Scan this QR code with your authenticator app.</p>
          <img
            src={qrCodeSrc}
            alt="QR code to add this account to an authenticator app"
            width={176}
            height={176}
            className="block size-44 rounded-lg border bg-white p-2"
          />
        </li>
        <li className="space-y-2">
          <p>Cannot scan it? Type this setup key into the app instead:</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm tracking-wide break-all">
              {groupedKey(setup.secret)}
            </code>
            <CopyButton value={setup.secret} copiedDescription="Setup key copied">
              Copy key
            </CopyButton>
          </div>
        </li>
        <li className="space-y-2">
          <p>Enter the code the app shows for this account.</p>
          <AuthenticationCodeField
            id={`${id}-code`}
            error={errors.code?.message}
            className="sm:max-w-60"
            {...register('code')}
          />
        </li>
      </ol>
      <FormAlert message={errors.root?.server?.message} />
      <FormActions
        label={isReplacing ? 'Use this app' : 'Turn on'}
        icon={<ShieldCheck aria-hidden />}
        isPending={enable.isPending}
        isDisabled={code.trim() === ''}
        onCancel={onCancel}
      />
    </form>
  )
}
