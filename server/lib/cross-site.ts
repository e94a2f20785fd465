import type { FastifyRequest } from 'fastify'

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/**
 * Whether a request comes from another site: its Origin's host is neither the request's host
 * nor PUBLIC_URL's. Non-browser clients send no Origin; a browser that sends none still says
 * where it comes from in Sec-Fetch-Site.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site'
  const host = originHost(origin)
  if (host === null) return true
  const { publicUrl } = request.server.config
  return host !== request.host && host !== (publicUrl ? originHost(publicUrl) : null)
}
