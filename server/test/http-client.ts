export type TestResponse<T = any> = { status: number; body: T; headers: Headers }

// A test server whose PUBLIC_URL names another site is reached at its loopback address, but a
// browser would be on PUBLIC_URL's origin and say so: the origin clients of it send on writes.
const siteOrigins = new Map<string, string>()

/** Clients of `baseUrl` send `origin` on writes, as a browser on the server's PUBLIC_URL would. */
export function setSiteOrigin(baseUrl: string, origin: string | null) {
  if (origin) siteOrigins.set(baseUrl, origin)
  else siteOrigins.delete(baseUrl)
}

/**
 * A minimal browser stand-in: keeps the session cookie it is given and sends the same-origin
 * Origin header a browser sends on writes (the server's PUBLIC_URL's, when it has one).
 */
export function createClient(baseUrl: string, extraHeaders: Record<string, string> = {}) {
  let cookie: string | null = null

  async function request<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (method !== 'GET') headers.origin = siteOrigins.get(baseUrl) ?? baseUrl
    if (cookie) headers.cookie = cookie
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) {
      const [pair] = setCookie.split(';')
      cookie = pair!.endsWith('=') ? null : pair!
    }
    const text = await response.text()
    const isJson = response.headers.get('content-type')?.includes('application/json')
    return {
      status: response.status,
      body: isJson && text ? JSON.parse(text) : text,
      headers: response.headers,
    }
  }

  return {
    request,
    get: <T = any>(path: string) => request<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => request<T>('POST', path, body),
    put: <T = any>(path: string, body?: unknown) => request<T>('PUT', path, body),
    patch: <T = any>(path: string, body?: unknown) => request<T>('PATCH', path, body),
    delete: <T = any>(path: string) => request<T>('DELETE', path),
    async login(username: string, password: string) {
      const response = await request('POST', '/api/admin/login', { username, password })
      if (response.status !== 200)
        throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`)
      return response
    },
    get cookie() {
      return cookie
    },
  }
}
