import { Play } from 'lucide-react'
import { Link } from 'wouter'
import { useSiteConfig } from '@/lib/site-config'
import { cn } from '@/lib/utils'

/** The brand mark and name, linking home. */
export function BrandLogo({ className }: { className?: string }) {
  const site = useSiteConfig()
  return (
    <Link
      href="/"
      className={cn(
        'flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-violet-700 text-white shadow-sm">
        <Play className="size-4 fill-current" aria-hidden />
      </span>
      <span>{site.brandName}</span>
    </Link>
  )
}
