import { Eye, EyeOff, QrCode, Tv } from 'lucide-react'
import { useState } from 'react'
import type { CustomerAccount } from '@common/customer-account'
import { CopyButton } from '@/components/copy-button'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { M3uQrCode } from './m3u-qr-code'

type Line = NonNullable<CustomerAccount['line']>

const hiddenPassword = '••••••••••'

/** The M3U address with the password in it masked, every way a URL may spell it. */
function maskPassword(m3uUrl: string, password: string): string {
  const spellings = new Set([
    password,
    encodeURIComponent(password),
    new URLSearchParams({ p: password }).toString().slice(2),
  ])
  return [...spellings].reduce((url, spelling) => url.replaceAll(spelling, hiddenPassword), m3uUrl)
}

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

/**
 * The login to type into a player: the Xtream Codes server URL, username and password, and the
 * M3U address. The address holds the password, so it is hidden and shown with it; its QR code is
 * for another device (a TV, another phone) to scan, shown only when asked.
 */
export function LineLogin({ line }: { line: Line }) {
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  const [isQrShown, setIsQrShown] = useState(false)
  return (
    <SectionCard
      title="Your login"
      icon={Tv}
      description={`Plays on ${line.maxConnections ?? 1} device${line.maxConnections === 1 ? '' : 's'} at a time.`}
    >
      <dl className="grid gap-4">
        <Field label="Server URL" value={line.serverUrl} />
        <Field label="Username" value={line.username} />
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Password</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-mono text-base break-all" aria-live="polite">
              {isPasswordShown ? line.password : hiddenPassword}
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
        <Field
          label="M3U address"
          value={line.m3uUrl}
          display={isPasswordShown ? line.m3uUrl : maskPassword(line.m3uUrl, line.password)}
        />
      </dl>
      <p className="text-sm text-muted-foreground">
        Apps with an “Xtream Codes” login (TiviMate, IPTV Smarters) take the server URL, username
        and password; other apps take the M3U address.
      </p>
      <div className="grid gap-3">
        <Button
          variant="outline"
          className="w-full sm:w-fit"
          aria-expanded={isQrShown}
          aria-controls="m3u-qr"
          onClick={() => setIsQrShown((shown) => !shown)}
        >
          <QrCode aria-hidden />
          {isQrShown ? 'Hide QR code' : 'Show QR for a TV or another phone'}
        </Button>
        {isQrShown && (
          <div id="m3u-qr" className="flex flex-wrap items-center gap-4">
            <M3uQrCode value={line.m3uUrl} />
            <p className="max-w-xs text-sm text-muted-foreground">
              Scan it from your TV app or another phone to get the M3U address there without typing
              it.
            </p>
          </div>
        )}
      </div>
    </SectionCard>
  )
}
