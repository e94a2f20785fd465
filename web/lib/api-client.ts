import type { ApiErrorBody } from '@common/api'

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A non-OK answer. `message` is `${status}: ${body or status text}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  /** The server's own `message` field, safe to show the user. */
  readonly serverMessage: string | undefined
  /** The fields the server found at fault (a 400), each with its message. */
  readonly issues: FieldIssue[]
  /** Where an admin changes the setting that refused the request; undefined for other refusals. */
  readonly settingsPath: string | undefined
  /** The parsed JSON answer, for fields beyond the error contract; undefined when not JSON. */
  readonly body: unknown

  constructor(
    readonly status: number,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`)
    this.body = parseJson(bodyText)
    const { message, issues, settingsPath } = (this.body ?? {}) as Partial<ApiErrorBody>
    this.serverMessage = typeof message === 'string' ? message : undefined
    this.settingsPath = typeof settingsPath === 'string' ? settingsPath : undefined
    this.issues = Array.isArray(issues) ? issues : []
  }
}

type FieldIssue = NonNullable<ApiErrorBody['issues']>[number]

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  throw new ApiError(response.status, await response.text(), response.statusText)
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>

let sendRequest: Fetch = (url, init) => fetch(url, init)

/**
 * For the server renderer only: where API calls go when there is no browser (it answers them
 * inside the server, for the page being rendered).
 */
export function setApiFetch(fetchApi: Fetch): void {
  sendRequest = fetchApi
}

/**
 * Calls the API with the session cookie and an optional JSON body; throws ApiError on a non-OK
 * answer. A network failure rejects with the browser's TypeError.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const response = await sendRequest(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  await throwIfNotOk(response)
  return response
}

/** Like apiRequest, returning the parsed JSON answer. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const response = await apiRequest(method, url, body, signal)
  return (await response.json()) as T
}

/** One page of a list endpoint: its items, and the cursor of the next page when there is one. */
export type ApiPage<T> = { items: T[]; nextCursor: string | null }

/** GETs one page of a list endpoint (the README's convention: the cursor is a header). */
export async function apiPage<T>(url: string, signal?: AbortSignal): Promise<ApiPage<T>> {
  const response = await apiRequest('GET', url, undefined, signal)
  return {
    items: (await response.json()) as T[],
    nextCursor: response.headers.get('x-next-cursor'),
  }
}

type On401 = 'returnNull' | 'throw'

/** A GET fetcher for query functions; with `on401: 'returnNull'` "not signed in" becomes null. */
export function getQueryFn<T>(options: {
  on401: 'returnNull'
}): (url: string, signal?: AbortSignal) => Promise<T | null>
export function getQueryFn<T>(options: {
  on401: 'throw'
}): (url: string, signal?: AbortSignal) => Promise<T>
export function getQueryFn<T>({ on401 }: { on401: On401 }) {
  return async (url: string, signal?: AbortSignal): Promise<T | null> => {
    try {
      return await apiJson<T>('GET', url, undefined, signal)
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null
      throw error
    }
  }
}

/** The server's message for an error, when it sent one; for toast descriptions. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined
}

/** The server's messages for the named fields of a 400 answer, first one per field. */
export function fieldIssuesOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {}
  if (!(error instanceof ApiError)) return found
  for (const { path, message } of error.issues) {
    const field = fields.find((name) => name === path)
    if (field && found[field] === undefined) found[field] = message
  }
  return found
}

/** True when the request never reached the server (offline, DNS, refused connection). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError
}
