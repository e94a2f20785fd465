import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BackupFiles, LastBackup } from '@common/maintenance'
import { apiJson } from '@/lib/api-client'

export const backupFilesQueryKey = ['maintenance', 'backups'] as const

/** Whether backup files are on (BACKUP_DIR), and the last one written. */
export function getBackupFiles(signal?: AbortSignal): Promise<BackupFiles> {
  return apiJson<BackupFiles>('GET', '/api/maintenance/backups', undefined, signal)
}

export function useBackupFiles() {
  return useQuery(
    queryOptions({
      queryKey: backupFilesQueryKey,
      queryFn: ({ signal }) => getBackupFiles(signal),
    }),
  )
}

/** Writes a backup file into BACKUP_DIR now. */
export function writeBackupNow(): Promise<LastBackup> {
  return apiJson<LastBackup>('POST', '/api/maintenance/backups')
}

export function useWriteBackupNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: writeBackupNow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupFilesQueryKey }),
  })
}
