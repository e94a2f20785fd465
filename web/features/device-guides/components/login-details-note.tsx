import { Mail } from 'lucide-react'
import { Link } from 'wouter'
import { appRoutes } from '@common/routes'

/** Where the values the steps speak of come from: the login e-mail, which the guides are part of. */
export function LoginDetailsNote() {
  return (
    <p className="flex gap-3 rounded-xl border bg-muted/40 p-4 text-sm text-muted-foreground">
      <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        Your login e-mail holds your M3U URL, username and password (and a QR code to scan): where a
        step says “above” or “this e-mail”, it means that e-mail. No e-mail yet?{' '}
        <Link
          href={appRoutes.support}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Ask us on the support page
        </Link>
        .
      </span>
    </p>
  )
}
