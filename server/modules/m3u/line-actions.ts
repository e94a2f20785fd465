import { and, eq, isNotNull } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { m3uLines } from '../../db/schema/m3u-lines'
import { queueLineLogin } from '../messages/outbox.service'
import { notFound } from '../../lib/http-error'
import { changeLines, findLine, type LineChanges, type M3uLineRow } from './line-changes'
import { linePassword } from './line-credentials'
import type { CommitOutcome } from './line-outcome'
import { pushLine, type PushResult } from './line-push'
import { requireKey, requirePanel, type SupplierAccess } from './supplier-access'

export type LineAction = 'disable' | 'enable' | 'reset_password'

async function changesFor(
  access: SupplierAccess,
  action: LineAction,
  line: M3uLineRow,
): Promise<LineChanges> {
  if (action === 'disable') return { isEnabled: false }
  if (action === 'enable') return { isEnabled: true }
  // Each reset is its own order: a new reference, so a new password (and playlist URL).
  const password = linePassword(await access.passwordSecret(), randomUUID())
  return { password, m3uUrl: requirePanel(access).playlistUrl(line.username!, password) }
}

/**
 * An admin's change to a person's line (disable, enable, reset the password): recorded first,
 * then pushed to the panel. When the panel does not take it the change stays recorded and is
 * retried; the answer says so (outcome `pending`).
 */
export async function changePersonLineNow(
  access: SupplierAccess,
  personId: string,
  action: LineAction,
  options: { apiKey?: string; actor: string; commit: CommitOutcome },
): Promise<PushResult> {
  requirePanel(access)
  const apiKey = requireKey(access, options.apiKey)
  const line = await findLine(
    access.db,
    and(eq(m3uLines.trialRequestId, personId), isNotNull(m3uLines.supplierId))!,
  )
  if (!line) throw notFound('This person has no line')
  const changes = await changesFor(access, action, line)
  await access.db.transaction(async (tx) => {
    await changeLines(tx, eq(m3uLines.id, line.id), changes, access.now())
    // The new login, sent once the panel holds it (the outbox waits for the push).
    if (action === 'reset_password') await queueLineLogin(tx, line.id, access.now())
  })
  const lineId = line.id
  return pushLine(access, lineId, { ...options, apiKey })
}
