import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { findTextProblem } from '../../common/text-rules'
import { invalidField } from '../lib/http-error'

/**
 * Every body, query string and path parameter meets the text rule before any schema or handler
 * sees it, so no route can forget it: PostgreSQL text cannot hold NUL at all, and control
 * characters and lone surrogates are never meant. Headers need no check here: Node's parser
 * already refuses control characters in them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem =
      findTextProblem(request.params, { allowLineBreaks: false }) ??
      findTextProblem(request.query, { allowLineBreaks: false }) ??
      // A raw body (signed webhooks) is bytes for its route to verify, and a streamed upload (the
      // payment history import) is read, and held to the rule cell by cell, by its route.
      (Buffer.isBuffer(request.body) || request.body instanceof Readable
        ? null
        : findTextProblem(request.body, { allowLineBreaks: true }))
    if (problem) throw invalidField(problem.path, problem.message)
  })
}
