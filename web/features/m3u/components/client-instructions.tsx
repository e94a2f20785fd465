import { m3uPlaylistUrl, type ParsedM3uUrl } from '@common/m3u'
import { CopyButton } from '@/components/copy-button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'

type ClientInstructionsProps = { text: string; line: ParsedM3uUrl }

/** The instructions for the subscriber, read-only, with the whole text and each login part to copy. */
export function ClientInstructions({ text, line }: ClientInstructionsProps) {
  const copies = [
    {
      label: 'Copy URL',
      value: m3uPlaylistUrl(line.host, line.username, line.password),
      what: 'M3U URL',
    },
    { label: 'Copy username', value: line.username, what: 'username' },
    { label: 'Copy password', value: line.password, what: 'password' },
  ]
  return (
    <div className="grid gap-2">
      <Label htmlFor="client-instructions">Client instructions</Label>
      <Textarea
        id="client-instructions"
        readOnly
        rows={text.split('\n').length + 1}
        value={text}
        className="font-mono text-xs md:text-xs"
      />
      <div className="flex flex-wrap gap-2">
        <CopyButton
          value={text}
          variant="default"
          copiedDescription="The instructions are on the clipboard."
        >
          Copy instructions
        </CopyButton>
        {copies.map(({ label, value, what }) => (
          <CopyButton
            key={label}
            value={value}
            copiedDescription={`The ${what} is on the clipboard.`}
          >
            {label}
          </CopyButton>
        ))}
      </div>
    </div>
  )
}
