import type { BlogPost, BlogPostInput } from '../common/blog'
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

// One sign-in per spec file: logins are throttled per IP and per username.
let session: Promise<string> | undefined
const ownerCookie = () => (session ??= signIn())

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
