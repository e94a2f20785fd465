import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { lineCheckingMessage } from '../../../common/person-lines'
import { HttpError } from '../../lib/http-error'
import { adminOutcome, systemOutcome, type CommitOutcome } from './line-outcome'
import { pushLine } from './line-push'
import { PanelError } from './panel'
import { createPersonLine, getPersonLine } from './person-lines.service'
import { supplierAccess } from './supplier-access'

/**
 * Who a line's follow-up is recorded under: the admin whose change caused it, or the system (a
 * payment a provider confirmed, with no admin in the loop).
 */
export type LineFollower = {
  app: FastifyInstance
  actor: { id: string; username: string } | 'system'
  log: FastifyBaseLogger
}

/** The follower of an admin's request: that admin, logging under the request. */
export const requestFollower = (request: FastifyRequest): LineFollower => ({
  app: request.server,
  actor: request.admin!,
  log: request.log,
})

function commitAs({ app, actor }: LineFollower, action: string): CommitOutcome {
  return actor === 'system'
    ? systemOutcome(app.db, action, app.now)
    : adminOutcome(app.db, actor, action, app.now)
}

const actorName = ({ actor }: LineFollower) => (actor === 'system' ? 'system' : actor.username)

/**
 * After a change to a subscription has committed (with its line's new desired state): pushes the
 * line to the panel. It never fails the change: a panel that does not take it leaves the line
 * waiting for the retry job, and the answer is why (null when the panel has it).
 */
export async function followLineAs(follower: LineFollower, lineId: string | null) {
  if (!lineId) return null
  const { app } = follower
  try {
    const { line, outcome } = await pushLine(supplierAccess(app), lineId, {
      actor: actorName(follower),
      commit: commitAs(follower, 'm3u_line.follow_subscription'),
    })
    return outcome === 'pending' ? line.panelError : null
  } catch (error) {
    follower.log.warn({ err: error, lineId }, 'Could not push a line; the retry job will')
    return 'The line could not be updated now; it will be retried.'
  }
}

/**
 * Buys a converted person's line with the server's key, unless they have one; why not, when that
 * failed (or why it is not known yet: the retry job settles a line left checking).
 */
export async function createLineAs(follower: LineFollower, personId: string) {
  const { app } = follower
  if (await getPersonLine(app.db, personId)) return null
  try {
    const { isChecking } = await createPersonLine(supplierAccess(app), personId, {
      actor: actorName(follower),
      commit: commitAs(follower, 'm3u_line.create'),
      checkLater: true,
    })
    return isChecking ? lineCheckingMessage : null
  } catch (error) {
    if (error instanceof PanelError || error instanceof HttpError) return error.message
    throw error
  }
}
