import { clientInstructions, parseM3uUrls } from '@common/m3u'
import type { PersonLine } from '@common/person-lines'
import { CopyButton } from '@/components/copy-button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { site } from '@/lib/site-config'

type LineInstructionsProps = { line: PersonLine; customerName: string; id: string }

/** The client instructions for this line, ready to copy into an e-mail or a chat. */
export function LineInstructions({ line, customerName, id }: LineInstructionsProps) {
  const [parsed] = parseM3uUrls(line.m3uUrl).lines
  if (!parsed) return null
  // The line's own limit, else what the panel holds for one made before plans carried it.
  const screens = line.maxConnections ?? line.panel?.maxConnections ?? null
  const text = clientInstructions(parsed, { brandName: site.brandName, customerName, screens })
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Client instructions</Label>
      <Textarea
        id={id}
        readOnly
        rows={Math.min(text.split('\n').length + 1, 14)}
        value={text}
        className="font-mono text-xs md:text-xs"
      />
      <CopyButton
        value={text}
        className="w-fit"
        copiedDescription="The instructions are on the clipboard."
      >
        Copy instructions
      </CopyButton>
    </div>
  )
}
