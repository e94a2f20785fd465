import { Badge } from '@/components/ui/badge'

type TruncatedListProps = {
  items: string[]
  /** How many items are shown; the rest are counted as '+N more'. */
  visible: number
  /** Shown when there are no items at all. */
  empty: string
}

/** The first few items of a list, then '+N more' (plan features in the table). */
export function TruncatedList({ items, visible, empty }: TruncatedListProps) {
  if (items.length === 0) return <span className="text-muted-foreground">{empty}</span>
  const hidden = items.length - visible
  return (
    <p className="max-w-72 min-w-40 text-sm whitespace-normal">
      {items.slice(0, visible).join(', ')}
      {hidden > 0 && (
        <Badge variant="outline" className="ml-1.5" title={items.slice(visible).join(', ')}>
          +{hidden} more
        </Badge>
      )}
    </p>
  )
}
