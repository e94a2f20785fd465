import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
      aria-hidden={label === undefined}
      aria-label={label}
      role={label === undefined ? undefined : 'status'}
    />
  )
}
