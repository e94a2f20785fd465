import { Tv } from 'lucide-react'
import type { PersonLineStatus } from '@common/person-lines'

/** What the convert dialog says of a line the person already has. */
export type ExistingLine = { username: string; status: PersonLineStatus; isTrial: boolean }

/** The person's line is converted with them: said instead of offering to create one. */
export function ExistingLineNote({ line }: { line: ExistingLine }) {
  return (
    <p className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <Tv className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        Their {line.isTrial ? 'trial line' : 'line'}{' '}
        <code className="font-mono">{line.username}</code> becomes a paid line ending with the
        subscription
        {line.status === 'disabled' ? ', and is enabled again' : ''}. No second line is made.
      </span>
    </p>
  )
}
