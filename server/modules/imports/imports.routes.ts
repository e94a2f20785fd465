import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { paymentImportQuery, paymentImportReport } from '../../../common/payment-imports'
import { badRequest, conflict } from '../../lib/http-error'
import { auditAs, declareUnchanged, inAuditedTransaction } from '../../plugins/audit'
import { readPaymentHistory } from './payment-history-csv'
import { planPaymentHistory } from './payment-history-plan'
import { paymentHistoryReport } from './payment-history-report'
import { holdImportLock, writePaymentHistory } from './payment-history-write'

// Fifty thousand rows of about 120 characters, with room to spare.
const fileLimit = 32 * 1024 * 1024

const audit = auditAs('payment_import')

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
 * a dry run reports what would be created and every row's problem; the import writes it all in
 * one transaction, or nothing (docs/payments.md §10).
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
      const { dryRun } = request.query
      const read = readPaymentHistory(await fileText(request))
      const now = app.now()
      const checked = await planPaymentHistory(app.db, read.rows, { now, lock: false })
      const hasProblems = read.problems.length + checked.problems.length > 0
      if (dryRun || hasProblems) {
        declareUnchanged(request)
        const report = paymentHistoryReport(read, checked, { dryRun, isImported: false })
        return reply.code(hasProblems && !dryRun ? 422 : 200).send(report)
      }
      const plan = await inAuditedTransaction(
        request,
        async (tx) => {
          await holdImportLock(tx)
          // Planned again under the lock: another import or payment may have landed meanwhile.
          const locked = await planPaymentHistory(tx, read.rows, { now, lock: true })
          if (locked.problems.length > 0) {
            throw conflict('The payments changed while the file was checked: run the dry run again')
          }
          await writePaymentHistory(tx, locked, { now, createdBy: request.admin!.username })
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
    },
  )
}
