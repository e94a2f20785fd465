import { eq } from 'drizzle-orm'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { auditAction, auditedChange, type CommandContext } from '../audit/command'
import { deleteCustomerSessionsOf } from './customer-sessions.service'
import { sendSignInLinkTo } from './sign-in-requests'

// Recorded on the person, where their trail is read.
export const accountAdminActions = {
  sendSignInLink: auditAction('trial_request', 'send_sign_in_link'),
  signOut: auditAction('trial_request', 'customer_sign_out'),
}

/** A sign-in link e-mailed to the person, queued through the outbox with its entry. */
export async function sendSignInLink(ctx: CommandContext, personId: string): Promise<void> {
  const entry = { entityId: personId, details: null }
  await auditedChange(ctx, accountAdminActions.sendSignInLink, entry, (tx) =>
    sendSignInLinkTo(tx, personId, ctx.now()),
  )
}

/** Every session of the person's own page ended; how many there were. */
export async function signOutCustomer(ctx: CommandContext, personId: string): Promise<number> {
  const entry = { entityId: personId, details: null }
  return auditedChange(ctx, accountAdminActions.signOut, entry, async (tx) => {
    const [person] = await tx
      .select({ id: trialRequests.id })
      .from(trialRequests)
      .where(eq(trialRequests.id, personId))
    if (!person) throw notFound('Trial request not found')
    return deleteCustomerSessionsOf(tx, person.id)
  })
}
