import type { FastifyInstance, FastifyRequest } from 'fastify'

// Pages name their own address from these when PUBLIC_URL is unset; so do the API's answers.
const forwardedHeaders = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const

/**
 * A fetch for the server renderer: the app's API calls answered inside this server, as the
 * visitor's browser would get them (same routes, same kept answers, no session).
 */
export function innerApiFetch(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string> = {}
  for (const name of forwardedHeaders) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  return async (url: string): Promise<Response> => {
    const answer = await app.inject({ method: 'GET', url, headers })
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: answer.headers as Record<string, string>,
    })
  }
}
