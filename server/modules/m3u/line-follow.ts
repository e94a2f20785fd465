import type { FastifyRequest } from 'fastify'
import { lineCheckingMessage } from '../../../common/person-lines'
import { HttpError } from '../../lib/http-error'
import { adminOutcome } from './line-outcome'
import { pushLine } from './line-push'
import { PanelError } from './panel'
import { createPersonLine, getPersonLine } from './person-lines.service'
import { supplierAccess } from './supplier-access'

/**
 * After an admin's change to a subscription has committed (with its line's new desired state):
 * pushes the line to the panel. It never fails the admin's change: a panel that does not take it
 * leaves the line waiting for the retry job, and the answer is why (null when the panel has it).
 */
export async function followLine(request: FastifyRequest, lineId: string | null) {
  if (!lineId) return null
  const app = request.server
  const admin = request.admin!
  try {
    const { line, outcome } = await pushLine(supplierAccess(app), lineId, {
      actor: admin.username,
      commit: adminOutcome(app.db, admin, 'm3u_line.follow_subscription', app.now),
    })
    return outcome === 'pending' ? line.panelError : null
  } catch (error) {
    request.log.warn({ err: error, lineId }, 'Could not push a line; the retry job will')
    return 'The line could not be updated now; it will be retried.'
  }
}

/**
 * Buys a converted person's line with the server's key, unless they have one; why not, when that
 * failed (or why it is not known yet: the retry job settles a line left checking).
 */
export async function createLineAfterConversion(request: FastifyRequest, personId: string) {
  const app = request.server
  const admin = request.admin!
  if (await getPersonLine(app.db, personId)) return null
  try {
    const { isChecking } = await createPersonLine(supplierAccess(app), personId, {
      actor: admin.username,
      commit: adminOutcome(app.db, admin, 'm3u_line.create', app.now),
      checkLater: true,
    })
    return isChecking ? lineCheckingMessage : null
  } catch (error) {
    if (error instanceof PanelError || error instanceof HttpError) return error.message
    throw error
  }
}
