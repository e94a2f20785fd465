import { eq } from 'drizzle-orm'
import type { PersonErasure } from '../../../common/privacy'
import { m3uLines } from '../../db/schema/m3u-lines'
import { findLine } from '../m3u/line-changes'
import { adminOutcome } from '../m3u/line-outcome'
import { pushLine } from '../m3u/line-push'
import type { SupplierAccess } from '../m3u/supplier-access'

/**
 * Takes an erased person's disabled line to the panel, after the erasure committed (the intent is
 * recorded there, so a failure here leaves the push to the retry job). A line the panel already
 * holds disabled is not called about again.
 */
export async function disableErasedLine(
  access: SupplierAccess,
  lineId: string | null,
  actor: { id: string; username: string },
): Promise<PersonErasure['line']> {
  if (!lineId) return 'none'
  const line = await findLine(access.db, eq(m3uLines.id, lineId))
  if (!line?.supplierId) return 'pending'
  if (line.pushedRevision >= line.revision) return 'disabled'
  const { outcome } = await pushLine(access, lineId, {
    actor: actor.username,
    commit: adminOutcome(access.db, actor, 'm3u_line.disable', access.now),
  })
  return outcome === 'synced' || outcome === 'unchanged' ? 'disabled' : 'pending'
}
