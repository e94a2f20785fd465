import { CalendarDays, Clock } from 'lucide-react'
import type { BlogPost } from '@common/blog'
import { formatPublishedDate } from '@/lib/format'
import { cn } from '@/lib/utils'

type PostMetaProps = { post: BlogPost; readMinutes: number; className?: string }

/** When a post was published and how long it takes to read. */
export function PostMeta({ post, readMinutes, className }: PostMetaProps) {
  const published = post.publishedAt ?? post.createdAt
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground',
        className,
      )}
    >
      <span className="flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden />
        <time dateTime={published}>{formatPublishedDate(published)}</time>
      </span>
      <span className="flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden />
        {readMinutes} min read
      </span>
    </p>
  )
}
