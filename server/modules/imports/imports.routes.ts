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
import { commandContext } from '../audit/command-context'
import { owedLinesFor } from '../m3u/line-owed'
import { importProgress, type ProgressReport } from './import-progress'
import type { ReadFile } from './payment-history-csv'
import { importAction, importPaymentHistory } from './payment-import.commands'
import { readPaymentHistoryFile } from './payment-history-reader'
import { ProblemLog } from './problem-log'
import { problemsCsv } from './problems-csv'
import { fileTooLarge, withSpooledUpload } from './upload-spool'

// Fifty thousand rows of about 120 characters, with room to spare.
const fileLimit = 32 * 1024 * 1024
// A multipart body is the file and its part's headers and boundaries.
const multipartSlack = 64 * 1024

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
      config: { role: 'super_admin', audit: importAction },
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
      const input = { read, problems, dryRun, progress, oweLines: owedLinesFor(app) }
      const { status, report } = await importPaymentHistory(commandContext(request), input)
      return reply.code(status).send(report)
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
