/**
 * A full JSON backup (every table but secrets). The server names the file, so a download link
 * to this address is the whole call.
 */
export const backupDownloadUrl = '/api/maintenance/backup'
