import { Lock, MessageSquare } from 'lucide-react'
import { cn } from '@/lib/utils'

export type ComposerMode = 'reply' | 'note'

const modes = [
  { value: 'reply', label: 'Reply', icon: MessageSquare },
  { value: 'note', label: 'Private note', icon: Lock },
] as const

/** Reply to the customer, or write a note only staff see (amber, like the notes it adds). */
export function ComposerModeSwitch({
  mode,
  onChange,
}: {
  mode: ComposerMode
  onChange: (mode: ComposerMode) => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Reply box mode" className="flex rounded-md border p-0.5">
        {modes.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => onChange(value)}
            className={cn(
              'flex items-center gap-1.5 rounded-sm px-2.5 py-1 text-xs font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
              mode !== value && 'text-muted-foreground hover:text-foreground',
              mode === value && value === 'reply' && 'bg-primary text-primary-foreground',
              mode === value &&
                value === 'note' &&
                'bg-amber-100 text-amber-950 dark:bg-amber-400/20 dark:text-amber-100',
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {label}
          </button>
        ))}
      </div>
      {mode === 'note' && (
        <span className="text-xs font-medium text-amber-800 dark:text-amber-200">
          Only staff see this
        </span>
      )}
    </div>
  )
}
