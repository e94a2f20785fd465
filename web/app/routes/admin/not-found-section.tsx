import { SearchX } from 'lucide-react'
import { Link } from 'wouter'
import { adminPaths } from '@common/routes'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import type { Section } from './admin-sections'

/**
 * An /admin address that names no section (or none this role may open): said inside the
 * Business Center, with a way on to `home`, the first section the role has.
 */
export function NotFoundSection({ home }: { home: Section }) {
  return (
    <StatusMessage
      icon={SearchX}
      title="Page not found"
      role="alert"
      className="mt-6"
      action={
        <Button asChild>
          <Link href={adminPaths.section(home.value)}>Go to {home.label}</Link>
        </Button>
      }
    >
      The Business Center has no page at this address. Pick a section above.
    </StatusMessage>
  )
}
