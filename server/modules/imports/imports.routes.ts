import { Readable } from 'node:stream'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiErrorBody } from '../../../common/api'
import {
  paymentImportProblemsParams,
  paymentImportQuery,
  paymentImportReport,
} from '../../../common/payment-imports'
import { badRequest } from '../../lib/http-error'
import { textAnswer } from '../../lib/text-answer'
import { auditAs, declareUnchanged, inAuditedTransaction } from '../audit/audited-transaction'
import { owedLinesFor } from '../m3u/line-owed'
import { getPlatformSettings } from '../settings/settings.service'
import { importProgress, type ProgressReport } from './import-progress'
import type { ReadFile } from './payment-history-csv'
import { planPaymentHistory, type ImportPlan } from './payment-history-plan'
import { readPaymentHistoryFile } from './payment-history-reader'
import { paymentHistoryReport } from './payment-history-report'
import { holdImportLock, writePaymentHistory } from './payment-history-write'
import { ProblemLog } from './problem-log'
import { problemsCsv } from './problems-csv'
import { fileTooLarge, withSpooledUpload } from './upload-spool'

// Fifty thousand rows of about 120 characters, with room to spare.
const fileLimit = 32 * 1024 * 1024
// A multipart body is the file and its part's headers and boundaries.
const multipartSlack = 64 * 1024

const audit = auditAs('payment_import')

/** Thrown inside the import's transaction to undo it: a row has a problem under the lock. */
class RefusedImport extends Error {
  constructor(readonly plan: ImportPlan) {
    super('The file has problems')
  }
}

/**
 * The file as it arrives, from a `text/csv` body or a multipart form's `file` field, never held
 * whole; `isCut` tells whether the upload stopped at the size limit.
 */
async function fileStream(
  request: FastifyRequest,
): Promise<{ source: Readable; isCut: () => boolean }> {
  if (!request.isMultipart()) {
    if (!(request.body instanceof Readable)) throw badRequest('file: send the CSV as the body')
    return { source: request.body, isCut: () => false }
  }
  const wrongPart = badRequest('file: send the CSV in a multipart field named file')
  // A text field is over the form's limit of none: still the same mistake, in the same words.
  const part = await request.file().catch((error: unknown) => {
    throw (error as { code?: string }).code === 'FST_FIELDS_LIMIT' ? wrongPart : error
  })
  if (!part || part.fieldname !== 'file') throw wrongPart
  return { source: part.file, isCut: () => part.file.truncated }
}

/** Reads the upload's rows, its problems to `problems`; 413 past the size limit. */
async function readUpload(
  request: FastifyRequest,
  problems: ProblemLog,
  onProgress: ProgressReport,
): Promise<ReadFile> {
  if (Number(request.headers['content-length']) > fileLimit + multipartSlack) {
    throw fileTooLarge(fileLimit)
  }
  const { source, isCut } = await fileStream(request)
  return withSpooledUpload(source, fileLimit, async (path, totalBytes) => {
    if (isCut()) throw fileTooLarge(fileLimit)
    return readPaymentHistoryFile(path, { problems, totalBytes, onProgress })
  })
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
  // (payment-history-csv.ts), not the whole file its length limit. Either body is read as it
  // arrives (the reader holds it to the size limit), so a file is never in memory whole.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload))
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
      const problems = new ProblemLog(app.db, request.admin!.id)
      const read = await readUpload(request, problems, progress.reading)
      const now = app.now()
      if (dryRun || problems.count > 0) {
        declareUnchanged(request)
        const options = { now, lock: false, onProgress: progress.checking }
        const checked = await planPaymentHistory(app.db, read.rows, options)
        await problems.addAll(checked.problems)
        await problems.flush()
        const report = paymentHistoryReport(read, checked, problems, { dryRun, isImported: false })
        return reply.code(problems.count > 0 && !dryRun ? 422 : 200).send(report)
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
            const oweLines = (await getPlatformSettings(tx)).autoStartTrials
              ? owedLinesFor(app)
              : null
            await writePaymentHistory(tx, locked, {
              now,
              createdBy,
              onProgress: progress.writing,
              oweLines,
            })
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
        return paymentHistoryReport(read, plan, problems, { dryRun, isImported: true })
      } catch (error) {
        if (!(error instanceof RefusedImport)) throw error
        declareUnchanged(request)
        // Written once the transaction is over: it held the lock, this needs none.
        await problems.addAll(error.plan.problems)
        await problems.flush()
        const report = paymentHistoryReport(read, error.plan, problems, {
          dryRun,
          isImported: false,
        })
        return reply.code(422).send(report)
      }
    },
  )

  app.get(
    '/api/imports/payments/:reportId/problems.csv',
    {
      config: { role: 'super_admin' },
      schema: {
        params: paymentImportProblemsParams,
        response: {
          200: textAnswer('text/csv', 'Every problem of an upload, by line: line, field, problem.'),
          404: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const csv = await problemsCsv(app.db, request.params.reportId, request.admin!.id)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="import-problems.csv"')
        .send(csv)
    },
  )
}
