import { PhoneCall, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useMarkContacted } from '../api/mark-contacted'
import type { RowSelection } from '../use-row-selection'

/** What to do with the ticked rows: mark them contacted in one go, or untick them. */
export function BulkStageBar({ selection }: { selection: RowSelection }) {
  const markContacted = useMarkContacted()
  const count = selection.selectedIds.size
  if (count === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-accent/40 px-3 py-2">
      <p className="flex-1 text-sm font-medium" role="status">
        {count} selected
      </p>
      <Button
        size="sm"
        disabled={markContacted.isPending}
        onClick={() =>
          markContacted.mutate([...selection.selectedIds], { onSuccess: selection.clear })
        }
      >
        {markContacted.isPending ? <Spinner /> : <PhoneCall aria-hidden />}
        Mark contacted
      </Button>
      <Button size="sm" variant="ghost" onClick={selection.clear}>
        <X aria-hidden />
        Clear selection
      </Button>
    </div>
  )
}
