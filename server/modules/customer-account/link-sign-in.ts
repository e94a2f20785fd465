import type { SignInLinkProblem, SignInPreview } from '../../../common/customer-account'
import type { Db } from '../../db/client'
import { consumeSignInToken, previewSignInToken } from '../sign-in-links/sign-in-links.service'
import { recordCustomerAction } from './customer-activity.service'
import {
  createCustomerSession,
  deleteCustomerSession,
  type CustomerIdentity,
} from './customer-sessions.service'

type Problem = { problem: SignInLinkProblem }

/** What opening a link would do in this browser (`current`: its signed-in customer, if any). */
export async function previewLinkSignIn(
  db: Db,
  token: string,
  current: CustomerIdentity | null,
  now: Date,
): Promise<SignInPreview | Problem> {
  const link = await previewSignInToken(db, token, now)
  if ('problem' in link) return link
  const isSignedInAlready = current?.personId === link.personId
  return {
    email: link.email,
    signedInAs: current && !isSignedInAlready ? current.email : null,
    isSignedInAlready,
  }
}

export type LinkSignIn =
  | Problem
  /** Another customer is signed in on this browser and `switchAccount` was not given. */
  | { signedInAs: string; email: string }
  /** `session` is null when this browser was signed in as the link's person already. */
  | { firstName: string; session: { token: string; maxAgeSeconds: number } | null }

/**
 * Uses a link in this browser. A link never swaps one customer for another unasked: while
 * someone else is signed in, it is left unused until the page confirms with `switchAccount`.
 * Opened by the person already signed in, it is spent and their session stays as it is.
 */
export async function signInWithLink(
  db: Db,
  { token, switchAccount = false }: { token: string; switchAccount?: boolean },
  current: CustomerIdentity | null,
  now: Date,
): Promise<LinkSignIn> {
  const preview = await previewLinkSignIn(db, token, current, now)
  if ('problem' in preview) return preview
  if (preview.signedInAs && !switchAccount) {
    return { signedInAs: preview.signedInAs, email: preview.email }
  }
  const person = await consumeSignInToken(db, token, now)
  if ('problem' in person) return person
  if (current?.personId === person.personId) return { firstName: person.firstName, session: null }
  return db.transaction(async (tx) => {
    if (current) await deleteCustomerSession(tx, current.sessionId)
    await recordCustomerAction(tx, person.personId, 'signed_in', null, now)
    return { firstName: person.firstName, session: await createCustomerSession(tx, person, now) }
  })
}
