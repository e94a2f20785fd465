/**
 * The parsed content of a `<script type="application/json">` block the server embedded in this
 * page (common/site-config.ts's `jsonDataTag`); `null` without one, or outside a browser.
 */
export function readJsonDataBlock(id: string): unknown {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent
  return text ? (JSON.parse(text) as unknown) : null
}
