import { LogIn, UserRound, Users } from 'lucide-react'
import { switchAccountQuestion, type SignInPreview } from '@common/customer-account'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

// Long addresses wrap inside the card and its buttons rather than widen a phone's page.
const address = 'font-semibold wrap-anywhere text-foreground'
const wrappingButton = 'h-auto min-h-11 py-2 whitespace-normal wrap-anywhere'

type LinkConfirmationProps = {
  preview: SignInPreview
  isSigningIn: boolean
  /** A failure other than a link that stopped working (those the page shows with a new form). */
  failure: string | undefined
  onSignIn: () => void
  /** Keeps the customer signed in on this browser and opens their page; the link stays unused. */
  onStay: () => void
}

/**
 * What a sign-in link will do, and the button that does it: opening a link changes nothing by
 * itself, and never swaps one signed-in customer for another without asking.
 */
export function LinkConfirmation(props: LinkConfirmationProps) {
  const { preview, isSigningIn, failure, onSignIn, onStay } = props
  const busy = isSigningIn ? <Spinner label="Signing in" /> : null
  if (preview.signedInAs) {
    return (
      <div className="grid gap-4">
        <p className="flex items-start gap-3 rounded-lg border border-primary/40 bg-accent p-4 text-sm">
          <Users className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0 wrap-anywhere">
            {switchAccountQuestion(preview.signedInAs, preview.email)}
          </span>
        </p>
        <FormAlert message={failure} />
        <Button className={wrappingButton} disabled={isSigningIn} onClick={onSignIn}>
          {busy ?? <LogIn aria-hidden />}
          Continue as {preview.email}
        </Button>
        <Button variant="outline" className={wrappingButton} onClick={onStay}>
          <UserRound aria-hidden />
          Stay signed in as {preview.signedInAs}
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {preview.isSignedInAlready ? 'You are already signed in as ' : 'This link signs in '}
        <span className={address}>{preview.email}</span>.
      </p>
      <FormAlert message={failure} />
      <Button size="lg" disabled={isSigningIn} onClick={onSignIn}>
        {busy ?? <LogIn aria-hidden />}
        {preview.isSignedInAlready ? 'Open your account' : 'Sign in'}
      </Button>
    </div>
  )
}
