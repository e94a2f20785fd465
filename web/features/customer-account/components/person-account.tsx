import { KeyRound, LogOut, Send } from 'lucide-react'
import { customerActionLabels } from '@common/customer-account'
import { ConfirmButton } from '@/components/confirm-button'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format'
import { showToast } from '@/lib/toast'
import { useAccountActivity } from '../api/get-account-activity'
import { useSendSignInLink } from '../api/send-sign-in-link'
import { useSignOutEverywhere } from '../api/sign-out-everywhere'

/**
 * On a person's page (admins): when they last signed in to their own page, what they did there,
 * a sign-in link to send them and "Sign out everywhere".
 */
export function PersonAccount({ personId, personName }: { personId: string; personName: string }) {
  const activity = useAccountActivity(personId)
  const sendLink = useSendSignInLink(personId)
  const signOut = useSignOutEverywhere(personId)
  const data = activity.data

  const handleSend = () =>
    sendLink.mutate(undefined, {
      onSuccess: ({ message }) => showToast({ title: 'Sign-in link sent', description: message }),
      onError: () =>
        showToast({ title: 'The sign-in link could not be sent', variant: 'destructive' }),
    })
  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: ({ ended }) =>
        showToast({
          title: 'Signed out everywhere',
          description: `${ended} session${ended === 1 ? '' : 's'} ended.`,
        }),
      onError: () => showToast({ title: 'Nothing was signed out', variant: 'destructive' }),
    })

  return (
    <SectionCard
      title="Customer page"
      icon={KeyRound}
      description={
        !data
          ? undefined
          : data.lastSignInAt
            ? `Last signed in ${formatDateTime(data.lastSignInAt)} · ${data.activeSessions} active session${data.activeSessions === 1 ? '' : 's'}`
            : 'Never signed in.'
      }
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={handleSend} disabled={sendLink.isPending}>
          <Send aria-hidden />
          Send sign-in link
        </Button>
        <ConfirmButton
          title={`Sign ${personName} out everywhere?`}
          description="Every browser signed in to their page is signed out. They can sign in again with a new link."
          confirmLabel="Sign out everywhere"
          onConfirm={handleSignOut}
        >
          <Button variant="outline" disabled={!data?.activeSessions || signOut.isPending}>
            <LogOut aria-hidden />
            Sign out everywhere
          </Button>
        </ConfirmButton>
      </div>
      {!data ? (
        <Skeleton className="h-16" />
      ) : data.entries.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="What they did on their page">
          {data.entries.slice(0, 8).map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-x-4">
              <span>
                {customerActionLabels[entry.action]}
                {entry.detail ? `: ${entry.detail}` : ''}
              </span>
              <span className="text-muted-foreground">{formatDateTime(entry.at)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  )
}
