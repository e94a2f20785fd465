import { customerCookieName } from '../modules/customer-account/customer-session-cookie'
import { mintSignInToken } from '../modules/sign-in-links/sign-in-links.service'
import { createClient } from './http-client'
import type { TestServer } from './test-server'

/** The token of the first sign-in link in an e-mail's text (`…/account/sign-in?token=…`). */
export function signInTokenIn(text: string | undefined): string {
  const token = /\/account\/sign-in\?token=([\w-]{43})/.exec(text ?? '')?.[1]
  if (!token) throw new Error(`No sign-in link in: ${text}`)
  return token
}

/**
 * A browser of the customer's, signed in by a link minted straight into the database (as the
 * outbox mints one when it sends an e-mail), through the real sign-in route.
 */
export async function signedInCustomer(
  server: TestServer,
  person: { id: string; email: string },
  now = server.app.now(),
) {
  const client = createClient(server.baseUrl)
  const token = await mintSignInToken(server.app.db, person, 'sign_in', now)
  const answer = await client.post('/api/account/sign-in', { token })
  if (answer.status !== 200) throw new Error(`sign-in: ${JSON.stringify(answer.body)}`)
  return client
}

/** The customer's cookie as the server names it, for tests that send it by hand. */
export const customerCookieOf = (server: TestServer) => customerCookieName(server.app.config)
