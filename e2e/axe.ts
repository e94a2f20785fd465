import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] }

/** axe-core's violations on the page as it is now, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown }> } }).axe
    return (await axe.run()).violations
  })
  return (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
