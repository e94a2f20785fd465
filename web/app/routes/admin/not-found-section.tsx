import { SearchX } from 'lucide-react'
import { Link } from 'wouter'
import { adminPaths } from '@common/routes'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'

/** An /admin address that names no section: said inside the Business Center, with a way on. */
export function NotFoundSection() {
  return (
    <StatusMessage
      icon={SearchX}
      title="Page not found"
      role="alert"
      className="mt-6"
      action={
        <Button asChild>
          <Link href={adminPaths.section('users')}>Go to Users &amp; Contacts</Link>
        </Button>
      }
    >
      The Business Center has no page at this address. Pick a section above.
    </StatusMessage>
  )
}
