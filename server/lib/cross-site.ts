import type { FastifyRequest } from 'fastify'

/** `scheme://host[:port]` as a browser writes it in Origin (default ports dropped), or null. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url)
    // Opaque origins (`null`, `data:`, `file:`) are no site of ours.
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/**
 * The one origin our pages are served from: PUBLIC_URL's when set, since behind a proxy the
 * request's own scheme and host may be the proxy's view, not the browser's; else the request's
 * own (its scheme and host as Fastify reads them, through trusted proxies' X-Forwarded-*).
 */
function siteOrigin(request: FastifyRequest): string | null {
  const { publicUrl } = request.server.config
  return originOf(publicUrl ?? `${request.protocol}://${request.host}`)
}

/**
 * Whether a request comes from another site: its Origin differs from ours in scheme, host or
 * port (an `http:` page must not act on an `https:` site of the same name). Non-browser clients
 * send no Origin; a browser that sends none still says where it comes from in Sec-Fetch-Site,
 * where `same-site` means a sibling subdomain: another site to us, as its Origin would be. Our
 * own pages send `same-origin`.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (origin === undefined) {
    const fetchSite = request.headers['sec-fetch-site']
    return fetchSite === 'cross-site' || fetchSite === 'same-site'
  }
  const requestOrigin = originOf(origin)
  return requestOrigin === null || requestOrigin !== siteOrigin(request)
}
