import type { FastifyInstance } from 'fastify'
import { HttpError } from '../lib/http-error'

/**
 * JSON bodies only, where an empty body is allowed: the spec's client sends `PUT …/read` with a
 * JSON content type and nothing in it. Malformed JSON answers 400; any other content type 415,
 * even on routes that read no body, so a form or `text/plain` post (which a cross-site page can
 * send without a preflight) never reaches a handler. A bodiless request needs no content type.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim()
    if (text === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new HttpError(415, 'Send the body as JSON, with Content-Type: application/json'))
  })
}
