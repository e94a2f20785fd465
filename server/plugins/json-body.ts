import type { FastifyInstance } from 'fastify'

/**
 * JSON bodies, where an empty body is allowed: the spec's client sends `PUT …/read` with a JSON
 * content type and nothing in it. Malformed JSON still answers 400.
 */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim()
    if (text === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })
}
