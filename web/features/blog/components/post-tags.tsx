import { Badge } from '@/components/ui/badge'

/** A post's tags, the first `max` of them when given. */
export function PostTags({ tags, max }: { tags: string[]; max?: number }) {
  const shown = max === undefined ? tags : tags.slice(0, max)
  if (shown.length === 0) return null
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="accent">{tag}</Badge>
        </li>
      ))}
    </ul>
  )
}
