import type { AdminUser, CreateAdminUser } from '../common/admin-users'
import type { BlogPost, BlogPostInput } from '../common/blog'
import type {
  ConvertToSubscriptionInput,
  TrialRequest,
  TrialRequestInput,
} from '../common/trial-requests'
import { expect } from 'vitest'
import { baseUrl } from './fixtures'
import { owner } from './owner'

/** Signs in as the owner over HTTP; the session cookie for further calls. */
async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify(owner),
  })
  if (!response.ok) throw new Error(`Login failed: ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

// One sign-in per spec file: logins are throttled per IP and per username. A worker runs its
// files in one module graph (vitest.config.ts), so the sessions are kept by file.
const sessions = new Map<string | undefined, Promise<string>>()
function ownerCookie(): Promise<string> {
  const file = expect.getState().testPath
  let session = sessions.get(file)
  if (!session) sessions.set(file, (session = signIn()))
  return session
}

async function adminCall<T>(method: 'POST' | 'PUT', path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      cookie: await ownerCookie(),
      origin: baseUrl(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Creates a draft through the Business Center's blog API. */
export function createDraftPost(input: BlogPostInput): Promise<BlogPost> {
  return adminCall<BlogPost>('POST', '/api/blog-posts', { ...input, published: false })
}

export function publishPost(id: string): Promise<BlogPost> {
  return adminCall<BlogPost>('PUT', `/api/blog-posts/${id}/publish`)
}

/** A published post with a title unique to this run. */
export async function createPublishedPost(input: BlogPostInput): Promise<BlogPost> {
  return publishPost((await createDraftPost(input)).id)
}

type TrialRequestReceipt = { id: string; subscriptionId: string }

/**
 * A visitor's trial request, as the public form sends it. Trial requests are limited per IP
 * (10 a minute) and every spec file shares one server, so a 429 waits out its Retry-After.
 */
export async function requestTrial(input: TrialRequestInput): Promise<TrialRequestReceipt> {
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify(input),
    })
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after') ?? 1)
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
      continue
    }
    if (!response.ok) throw new Error(`Trial request: ${response.status} ${await response.text()}`)
    return (await response.json()) as TrialRequestReceipt
  }
}

/** Converts a trial to a paid subscription through the Business Center's API. */
export function convertToPaid(
  id: string,
  values: ConvertToSubscriptionInput,
): Promise<TrialRequest> {
  return adminCall<TrialRequest>(
    'POST',
    `/api/trial-requests/${id}/convert-to-subscription`,
    values,
  )
}

/** Adds an admin account through the Business Center's API, for specs that change their own. */
export function createAdminUser(input: CreateAdminUser): Promise<AdminUser> {
  return adminCall<AdminUser>('POST', '/api/admin/users', input)
}
