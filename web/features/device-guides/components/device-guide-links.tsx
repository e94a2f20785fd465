import { ChevronRight } from 'lucide-react'
import { Link } from 'wouter'
import type { DeviceGuide } from '@common/device-guides'
import { deviceGuidePath } from '@common/routes'

/** The guides as a list of links, one row each. */
export function DeviceGuideLinks({ guides }: { guides: readonly DeviceGuide[] }) {
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {guides.map((guide) => (
        <li key={guide.slug}>
          <Link
            href={deviceGuidePath(guide.slug)}
            className="flex min-h-12 items-center justify-between gap-3 px-4 py-3 font-medium outline-none first:rounded-t-xl last:rounded-b-xl hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            {guide.title}
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  )
}
