import { DatabaseBackup, TimerOff, Wrench } from 'lucide-react'
import { ConfirmButton } from '@/components/confirm-button'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { backupDownloadUrl } from '../api/download-backup'
import { useExpireNow } from '../api/expire-now'
import { plural } from '@/lib/plural'

/**
 * 'System Maintenance': run the expiry job now, and download a full backup. `canBackup`: the
 * admin is a super admin, the only role the backup answers.
 */
export function SystemMaintenanceCard({ canBackup }: { canBackup: boolean }) {
  const expireNow = useExpireNow()

  const handleExpire = () =>
    expireNow.mutate(undefined, {
      onSuccess: ({ trialsExpired, subscriptionsExpired, skipped, linesDisabled }) =>
        showToast(
          skipped
            ? {
                title: 'Expiry is already running',
                description: 'Another server is expiring overdue subscriptions right now.',
              }
            : {
                title: 'Overdue subscriptions expired',
                description: `${plural(trialsExpired, 'trial')} and ${plural(subscriptionsExpired, 'paid subscription')} expired. ${plural(linesDisabled, 'line')} disabled on the supplier panel.`,
              },
        ),
      onError: (error) =>
        showToast({
          title: 'Failed to expire overdue subscriptions',
          description: serverMessageOf(error),
          variant: 'destructive',
        }),
    })

  return (
    <SectionCard
      title="System Maintenance"
      icon={Wrench}
      description={`Overdue trials and subscriptions expire on a schedule; run it now if you cannot wait.${canBackup ? ' A backup holds every table except passwords and sessions, as JSON.' : ''}`}
    >
      <div className="flex flex-wrap gap-3">
        <ConfirmButton
          title="Expire overdue now?"
          description="Trials older than the trial duration and paid subscriptions past their end date are marked expired. This cannot be undone."
          confirmLabel="Expire now"
          onConfirm={handleExpire}
        >
          <Button variant="outline" disabled={expireNow.isPending}>
            {expireNow.isPending ? <Spinner /> : <TimerOff aria-hidden />}
            Expire overdue now
          </Button>
        </ConfirmButton>
        {canBackup && (
          <Button variant="outline" asChild>
            <a href={backupDownloadUrl} download>
              <DatabaseBackup aria-hidden />
              Download backup
            </a>
          </Button>
        )}
      </div>
    </SectionCard>
  )
}
