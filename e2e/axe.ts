import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] }

/** Waits for the page's finite animations and transitions to end. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

async function scan(page: Page): Promise<AxeViolation[]> {
  await settle(page)
  return page.evaluate(async () => {
    type Axe = {
      run: (context: Document, options: object) => Promise<{ violations: unknown }>
    }
    const axe = (window as unknown as { axe: Axe }).axe
    // Every violation in full; passes and the rest with one node each, which axe then need not
    // describe node by node (a third of a scan's time).
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations as AxeViolation[]
  })
}

/**
 * axe-core's violations on the page as it is now, one readable line each. Finite animations end
 * first: a toast halfway through fading in has its text at part opacity, which is no contrast a
 * reader is left with. One that starts during the scan (the sign-in toast, whose library loads
 * with the first toast) is caught halfway, so a scan that finds something is taken again once
 * the page has settled, and that one counts.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  let violations = await scan(page)
  if (violations.length > 0) violations = await scan(page)
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
