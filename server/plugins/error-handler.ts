import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import type { ApiErrorBody } from '../../common/api'
import {
  concurrentChange,
  databaseErrorCode,
  databaseUnavailable,
  isDatabaseUnavailable,
} from '../lib/database-errors'
import { HttpError } from '../lib/http-error'
import { multipartProblem } from '../lib/multipart-errors'

type Issue = { path: string; message: string }

function toBody(issues: Issue[]): ApiErrorBody {
  return { message: issues[0]?.message ?? 'Invalid request', issues }
}

const pathOf = (segments: readonly PropertyKey[]) => segments.map(String).join('.')

// PostgreSQL error codes that mean the input was wrong, not the server.
const clientDatabaseErrors: Record<string, [number, string]> = {
  '23505': [409, 'A record with this value already exists'],
  '23503': [409, 'This record is referenced by another one'],
  '23514': [400, 'A value is out of its allowed range'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
}

// Class 22 (data exception) and 23 (integrity) are about the data sent, never the server: a
// value the database could not take (a bad date, an unencodable character) is the caller's 400.
function classErrorOf(code: string): [number, string] | undefined {
  if (code.startsWith('22')) return [400, 'A value could not be stored as sent']
  if (code.startsWith('23')) return [409, 'The change conflicts with existing records']
  return undefined
}

/** Every error becomes JSON `{ message, issues? }`; a 5xx never reveals its cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }))
      return reply.code(400).send(toBody(issues))
    }
    if (error instanceof ZodError) {
      return reply
        .code(400)
        .send(toBody(error.issues.map((i) => ({ path: pathOf(i.path), message: i.message }))))
    }
    const sendHttpError = ({ statusCode, headers, message, issues, settingsPath }: HttpError) =>
      reply
        .code(statusCode)
        .headers(headers)
        .send({ message, ...(issues && { issues }), ...(settingsPath && { settingsPath }) })
    if (error instanceof HttpError) return sendHttpError(error)
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the caller is told to come back, and the server recovers alone.
      request.log.warn({ err: error }, 'Database unreachable')
      return sendHttpError(databaseUnavailable())
    }
    const databaseCode = databaseErrorCode(error)
    if (databaseCode?.startsWith('40')) {
      // A deadlock or a serialization failure: rolled back whole, nothing saved, worth a retry.
      request.log.warn({ err: error }, 'A transaction met a concurrent change and was rolled back')
      return sendHttpError(concurrentChange())
    }
    const clientError = databaseCode
      ? (clientDatabaseErrors[databaseCode] ?? classErrorOf(databaseCode))
      : undefined
    if (clientError) {
      const [status, message] = clientError
      return reply.code(status).send({ message })
    }
    const multipart = error.statusCode === undefined ? multipartProblem(error) : null
    if (multipart) return reply.code(400).send({ message: multipart })
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message })
    }
    request.log.error({ err: error }, 'Unhandled error')
    return reply.code(500).send({ message: 'Internal Server Error' })
  })
}
