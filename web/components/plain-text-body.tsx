import { cn } from '@/lib/utils'

/** Text an admin wrote (a post, a legal page), shown as written: line breaks kept, never parsed as HTML. */
export function PlainTextBody({ text, className }: { text: string; className?: string }) {
  return <div className={cn('text-lg leading-8 whitespace-pre-line', className)}>{text}</div>
}
