import { Download, KeyRound } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { CopyButton } from '@/components/copy-button'
import { Button } from '@/components/ui/button'
import { site } from '@/lib/site-config'

type RecoveryCodesPanelProps = {
  codes: string[]
  username: string
  /** The panel's title is a heading at this level, to fit the page around it. */
  titleAs: 'h2' | 'h4'
  doneLabel: string
  onDone: () => void
}

function recoveryCodesText(codes: string[], username: string): string {
  return [
    `${site.brandName} Business Center: recovery codes for ${username}`,
    `Created ${new Date().toISOString().slice(0, 10)}. Each code signs you in once, in place of the`,
    'code from your authenticator app. Creating new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/** The recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodesPanel({
  codes,
  username,
  titleAs: Title,
  doneLabel,
  onDone,
}: RecoveryCodesPanelProps) {
  const text = recoveryCodesText(codes, username)
  // Focus moves to the title, so the codes are read next; the form that led here is gone.
  const titleRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => titleRef.current?.focus(), [])
  const fileName = `${site.brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Title
          ref={titleRef}
          tabIndex={-1}
          className="flex items-center gap-2 font-semibold outline-none"
        >
          <KeyRound className="size-4 text-primary" aria-hidden />
          Save your recovery codes
        </Title>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each code signs you in once. Keep them somewhere safe, such as a
          password manager: they will not be shown again.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} copiedDescription="Recovery codes copied">
          Copy codes
        </CopyButton>
        <Button variant="outline" size="sm" asChild>
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={fileName}>
            <Download aria-hidden />
            Download .txt
          </a>
        </Button>
      </div>
      <Button className="w-fit" onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  )
}
