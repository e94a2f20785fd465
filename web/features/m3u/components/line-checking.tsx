import { RefreshCw } from 'lucide-react'
import {
  lineCheckingMessage,
  personLineStatusLabels,
  type PersonLine,
  type SupplierKeyInput,
} from '@common/person-lines'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useCreateLine } from '../api/use-create-line'

type LineCheckingProps = {
  personId: string
  line: PersonLine
  keyInput: SupplierKeyInput
  /** The signed-in role may ask the panel now (support waits for the retry job). */
  canCheck: boolean
}

/**
 * A line whose create the panel did not answer in time: whether it made it is not known yet. The
 * retry job looks it up (and buys it only if it is missing); an admin can ask for that now.
 */
export function LineChecking({ personId, line, keyInput, canCheck }: LineCheckingProps) {
  const { create, run } = useCreateLine(personId, keyInput)
  return (
    <div className="grid gap-3">
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border border-sky-500/40 bg-sky-500/10 p-3 text-sm text-sky-950 dark:text-sky-100"
      >
        <Spinner className="mt-0.5 shrink-0" />
        <div className="grid gap-1">
          <p className="font-medium">
            {personLineStatusLabels.checking}: <code className="font-mono">{line.username}</code>
          </p>
          <p>{lineCheckingMessage}</p>
          {line.panelError && <p className="text-xs opacity-80">Last answer: {line.panelError}</p>}
        </div>
      </div>
      {canCheck && (
        <Button variant="outline" className="w-fit" onClick={run} disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
          Check now
        </Button>
      )}
    </div>
  )
}
