import { lobbyViews, type LobbyView } from '@common/support'
import { cn } from '@/lib/utils'

const viewLabels: Record<LobbyView, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
  all: 'All',
}
// The order an agent works in: their own chats, then the ones nobody has taken.
const shownViews: readonly LobbyView[] = ['mine', 'unassigned', 'all']

/** Which chats the list shows; the choice lives in the address (`?view=mine`). */
export function LobbyViewTabs({
  view,
  onChange,
}: {
  view: LobbyView
  onChange: (view: LobbyView) => void
}) {
  return (
    <div role="group" aria-label="Chats to show" className="flex rounded-md bg-muted p-0.5">
      {shownViews.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'flex-1 rounded-sm px-2.5 py-1 text-xs font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
            view === value
              ? 'bg-background text-foreground shadow-xs'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {viewLabels[value]}
        </button>
      ))}
    </div>
  )
}

/** The view an address asks for; anything unknown shows all chats. */
export function lobbyViewOf(search: string): LobbyView {
  const asked = new URLSearchParams(search).get('view')
  return lobbyViews.find((view) => view === asked) ?? 'all'
}
