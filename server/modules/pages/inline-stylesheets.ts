import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const stylesheetLink = /<link rel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g

/**
 * The shell with the build's stylesheets in `<style>` elements instead of `<link>`s: a public
 * page then paints from its first response, where a phone on a slow network would wait one
 * more round trip for the stylesheet. Public pages are cached whole, so this costs nothing per
 * request; the Business Center keeps the link, and with it the browser's cached copy.
 */
export function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(stylesheetLink, (_link, path: string) => {
    // A `</style` inside would end the element early; CSS never needs it literally.
    const css = readFileSync(join(webDir, path), 'utf8').replaceAll('</style', '<\\/style')
    return `<style>${css}</style>`
  })
}
