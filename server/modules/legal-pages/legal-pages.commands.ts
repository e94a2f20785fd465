import type { LegalPageSlug } from '../../../common/legal-page-rules'
import type { LegalPageValues } from '../../../common/legal-pages'
import { auditAction, auditedChange, fieldsOf, type CommandContext } from '../audit/command'
import { saveLegalPage } from './legal-pages.service'

export const saveLegalPageAction = auditAction('legal_page', 'update')

/** A legal page's new text; every process forgets the public's copy once it committed. */
export async function saveLegalPageCommand(
  ctx: CommandContext,
  { slug, values }: { slug: LegalPageSlug; values: LegalPageValues },
) {
  const entry = { entityId: (saved: { id: string }) => saved.id, details: fieldsOf(values) }
  const { page } = await auditedChange(ctx, saveLegalPageAction, entry, (tx) =>
    saveLegalPage(tx, slug, values, ctx.now()),
  )
  await ctx.bus.publish({ kind: 'public_content_changed', scope: 'legal' })
  return page
}
