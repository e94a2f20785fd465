import { Archive, HardDriveDownload } from 'lucide-react'
import type { BackupFiles } from '@common/maintenance'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/api-client'
import { formatBytes, formatDateTime } from '@/lib/format'
import { showToast } from '@/lib/toast'
import { useBackupFiles, useWriteBackupNow } from '../api/backup-files'

function LastBackup({ files }: { files: BackupFiles }) {
  if (!files.enabled) {
    return (
      <p className="text-sm text-muted-foreground">
        Backup files are off. Set BACKUP_DIR on the server to write one every day.
      </p>
    )
  }
  const { last } = files
  if (!last) {
    return <p className="text-sm text-muted-foreground">No backup file has been written yet.</p>
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Last backup</dt>
      <dd className="font-medium">
        <time dateTime={last.at}>{formatDateTime(last.at)}</time>
      </dd>
      <dt className="text-muted-foreground">Size</dt>
      <dd className="font-medium">{formatBytes(last.bytes)}</dd>
      <dt className="text-muted-foreground">File</dt>
      <dd className="min-w-0 font-mono text-xs break-all">{last.file}</dd>
    </dl>
  )
}

/** 'Backups': the last file written into BACKUP_DIR, and one more on demand (super admins). */
export function BackupFilesCard() {
  const files = useBackupFiles()
  const writeNow = useWriteBackupNow()

  const handleBackUp = () =>
    writeNow.mutate(undefined, {
      onSuccess: ({ file, bytes }) =>
        showToast({ title: 'Backup written', description: `${file} (${formatBytes(bytes)})` }),
      onError: (error) =>
        showToast({
          title: 'Failed to write the backup',
          description: serverMessageOf(error),
          variant: 'destructive',
        }),
    })

  const keep = files.data?.keep
  return (
    <SectionCard
      title="Backups"
      icon={Archive}
      description={
        keep
          ? `A backup file is written every day into the server's backup folder; the last ${keep} are kept.`
          : "A backup file is written every day into the server's backup folder, when one is set."
      }
    >
      <div className="grid gap-4" aria-busy={files.isPending}>
        {files.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading the last backup">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ) : files.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Could not load the last backup: {serverMessageOf(files.error)}
          </p>
        ) : (
          <LastBackup files={files.data} />
        )}
        <div>
          <Button
            variant="outline"
            onClick={handleBackUp}
            disabled={writeNow.isPending || !files.data?.enabled}
          >
            {writeNow.isPending ? <Spinner /> : <HardDriveDownload aria-hidden />}
            Back up now
          </Button>
        </div>
      </div>
    </SectionCard>
  )
}
