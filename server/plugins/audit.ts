import type { FastifyInstance, onSendHookHandler } from 'fastify'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

// Tests turn a forgotten entry into a failure; production logs it and still answers.
const isTestRun = process.env.NODE_ENV === 'test' || Boolean(process.env.VITEST)

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's audit entry has committed together with its change. */
    isAudited: boolean
  }
}

/**
 * Every admin change is recorded (who, what, when, which entity) by its command's
 * `auditedChange` (modules/audit/command.ts), which marks the request audited. A
 * route that changes data without declaring its audit action stops the server at start-up, and
 * an audited route that succeeds without having recorded its entry is reported.
 */
export function registerAudit(app: FastifyInstance) {
  app.decorateRequest('isAudited', false)

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const isMutation = methods.some((method) => unsafeMethods.has(method))
    // Every admin-only route counts, whatever its path: access is not decided by URL either.
    const isStaffRoute = !route.config?.public && !route.config?.customer
    if (isMutation && isStaffRoute && route.config?.audit === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} changes data but declares no audit action`)
    }
    // Checked on the audited routes only, so that reads pay nothing for it.
    if (route.config?.audit) route.onSend = [route.onSend ?? []].flat().concat(reportUnaudited)
  })
}

const reportUnaudited: onSendHookHandler = async (request, reply, payload) => {
  const isSuccess = reply.statusCode >= 200 && reply.statusCode < 300
  if (request.isAudited || !isSuccess) return payload
  const route = `${request.method} ${request.routeOptions.url}`
  const problem = `${route} answered ${reply.statusCode} without recording its audit entry`
  request.log.error(problem)
  if (isTestRun) throw new Error(problem)
  return payload
}
