import { Eye, EyeOff, Tv } from 'lucide-react'
import { useState } from 'react'
import type { CustomerAccount } from '@common/customer-account'
import { CopyButton } from '@/components/copy-button'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { M3uQrCode } from './m3u-qr-code'

type Line = NonNullable<CustomerAccount['line']>

function Field({ label, value, display }: { label: string; value: string; display?: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-mono text-base break-all">{display ?? value}</span>
        <CopyButton
          value={value}
          copiedDescription={`${label} copied`}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          Copy
        </CopyButton>
      </dd>
    </div>
  )
}

/** The login to type into a player: username, password (hidden until asked), M3U and its QR. */
export function LineLogin({ line }: { line: Line }) {
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  return (
    <SectionCard
      title="Your login"
      icon={Tv}
      description={`Plays on ${line.maxConnections ?? 1} device${line.maxConnections === 1 ? '' : 's'} at a time.`}
    >
      <dl className="grid gap-4">
        <Field label="Username" value={line.username} />
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Password</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-mono text-base break-all" aria-live="polite">
              {isPasswordShown ? line.password : '••••••••••'}
            </span>
            <Button
              variant="outline"
              size="sm"
              aria-pressed={isPasswordShown}
              onClick={() => setIsPasswordShown((shown) => !shown)}
            >
              {isPasswordShown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {isPasswordShown ? 'Hide' : 'Show'}
              <span className="sr-only"> password</span>
            </Button>
            <CopyButton
              value={line.password}
              copiedDescription="Password copied"
              aria-label="Copy password"
            >
              Copy
            </CopyButton>
          </dd>
        </div>
        <Field label="M3U address" value={line.m3uUrl} />
      </dl>
      <div className="flex flex-wrap items-center gap-4">
        <M3uQrCode value={line.m3uUrl} />
        <p className="max-w-xs text-sm text-muted-foreground">
          Scan it with your phone to send the M3U address to your TV app without typing it.
        </p>
      </div>
    </SectionCard>
  )
}
