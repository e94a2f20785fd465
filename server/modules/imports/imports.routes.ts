import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { paymentImportQuery, paymentImportReport } from '../../../common/payment-imports'
import { badRequest } from '../../lib/http-error'
import { auditAs, declareUnchanged, inAuditedTransaction } from '../../plugins/audit'
import { importProgress } from './import-progress'
import { readPaymentHistory } from './payment-history-csv'
import { planPaymentHistory, type ImportPlan } from './payment-history-plan'
import { paymentHistoryReport } from './payment-history-report'
import { holdImportLock, writePaymentHistory } from './payment-history-write'

// Fifty thousand rows of about 120 characters, with room to spare.
const fileLimit = 32 * 1024 * 1024

const audit = auditAs('payment_import')

/** Thrown inside the import's transaction to undo it: a row has a problem under the lock. */
class RefusedImport extends Error {
  constructor(readonly plan: ImportPlan) {
    super('The file has problems')
  }
}

/** The file's text, from a `text/csv` body or a multipart form's `file` field. */
async function fileText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    if (!Buffer.isBuffer(request.body)) throw badRequest('file: send the CSV as the body')
    return request.body.toString('utf8')
  }
  const part = await request.file()
  if (!part || part.fieldname !== 'file') {
    throw badRequest('file: send the CSV in a multipart field named file')
  }
  return (await part.toBuffer()).toString('utf8')
}

/**
 * People and their payments brought in from a spreadsheet, by super admins (it writes money):
 * a dry run reports what would be created and every row's problem; the import checks the rows
 * again under its lock and writes them all in that one transaction, or nothing (docs/payments.md
 * §10). With a `progressId`, how far the server is reaches the admin's live sockets.
 */
export async function importsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Both parsers stay inside this plugin: every other route keeps refusing what is not JSON.
  // The file is bytes, as an upload is, not one text field: each cell meets the text rule
  // (payment-history-csv.ts), not the whole file its length limit.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: fileLimit },
    (_r, body, done) => done(null, body),
  )
  await app.register(multipart, { limits: { fileSize: fileLimit, files: 1, fields: 0 } })

  app.post(
    '/api/imports/payments',
    {
      bodyLimit: fileLimit,
      config: { role: 'super_admin', ...audit('import') },
      schema: {
        querystring: paymentImportQuery,
        response: { 200: paymentImportReport, 422: paymentImportReport },
      },
    },
    async (request, reply) => {
      const { dryRun, progressId } = request.query
      const progress = importProgress(app, request.admin!.id, progressId)
      const read = await readPaymentHistory(await fileText(request), progress.reading)
      const now = app.now()
      if (dryRun || read.problems.length > 0) {
        declareUnchanged(request)
        const options = { now, lock: false, onProgress: progress.checking }
        const checked = await planPaymentHistory(app.db, read.rows, options)
        const hasProblems = read.problems.length + checked.problems.length > 0
        const report = paymentHistoryReport(read, checked, { dryRun, isImported: false })
        return reply.code(hasProblems && !dryRun ? 422 : 200).send(report)
      }
      try {
        const plan = await inAuditedTransaction(
          request,
          async (tx) => {
            await holdImportLock(tx)
            // Checked under the lock: another import or payment may have landed since the dry run.
            const options = { now, lock: true, onProgress: progress.checking }
            const locked = await planPaymentHistory(tx, read.rows, options)
            if (locked.problems.length > 0) throw new RefusedImport(locked)
            const createdBy = request.admin!.username
            await writePaymentHistory(tx, locked, { now, createdBy, onProgress: progress.writing })
            return locked
          },
          {
            entityId: null,
            details: (done) => ({
              fields: ['file'],
              ...(done.people.length === 0 ? { outcome: 'replayed' as const } : {}),
            }),
          },
        )
        return paymentHistoryReport(read, plan, { dryRun, isImported: true })
      } catch (error) {
        if (!(error instanceof RefusedImport)) throw error
        declareUnchanged(request)
        const report = paymentHistoryReport(read, error.plan, { dryRun, isImported: false })
        return reply.code(422).send(report)
      }
    },
  )
}
