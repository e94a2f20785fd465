import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  backupFiles,
  expiryResult,
  lastBackup,
  type BackupFiles,
} from '../../../common/maintenance'
import { apiErrorBody } from '../../../common/api'
import { textAnswer } from '../../lib/text-answer'
import { commandContext } from '../audit/command-context'
import { readLastBackup } from './backup-state'
import {
  expireNow,
  maintenanceActions as actions,
  startBackupDownload,
  writeBackupNow,
} from './maintenance.commands'

const backupFile = z.object({
  format: z.literal('streamline-backup'),
  version: z.number().int(),
  exportedAt: z.iso.datetime(),
  /** Each table's rows by its name, in primary-key order. */
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
})

export async function maintenanceRoutes(app: FastifyInstance) {
  const expireNowRoute = {
    config: { audit: actions.expireNow },
    schema: { response: { 200: expiryResult } },
  }
  app.post('/api/maintenance/expire-now', expireNowRoute, async (request) =>
    expireNow({ ...commandContext(request), app }),
  )

  // A full export of customer data: super admins only, and worth a line in the trail, written
  // before the first byte leaves.
  app.get(
    '/api/maintenance/backup',
    {
      config: { role: 'super_admin', audit: actions.backup },
      schema: {
        response: {
          200: textAnswer(
            'application/json',
            'Every table a restore needs, row by row, as one streamed JSON download.',
            backupFile,
          ),
        },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await startBackupDownload(commandContext(request))
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body)
    },
  )

  // The backup files written into BACKUP_DIR: the last one, and one more now.
  const backups = { role: 'super_admin' } as const
  app.get(
    '/api/maintenance/backups',
    { config: backups, schema: { response: { 200: backupFiles } } },
    async () => {
      const target = app.config.backups
      return {
        enabled: Boolean(target),
        keep: target?.keep ?? null,
        last: await readLastBackup(app.db),
      } satisfies BackupFiles
    },
  )

  app.post(
    '/api/maintenance/backups',
    {
      config: { ...backups, audit: actions.backupFile },
      schema: { response: { 201: lastBackup, 409: apiErrorBody, 503: apiErrorBody } },
    },
    async (request, reply) =>
      reply.code(201).send(
        await writeBackupNow({
          ...commandContext(request),
          config: { backups: app.config.backups },
        }),
      ),
  )
}
