/** "GET /api/plans", for the operation `element` is inside. */
function operationName(element: Element): string {
  const block = element.closest('.opblock')
  const method = block?.querySelector('.opblock-summary-method')?.textContent ?? ''
  const path = block?.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''
  return `${method} ${path}`.trim()
}

/** Names what Swagger UI leaves unnamed in `root`, once each (a named one is left alone). */
function nameControls(root: HTMLElement) {
  // Each opened operation's responses table is a region: unnamed, they are indistinguishable.
  for (const table of root.querySelectorAll(
    'table.responses-table[role="region"]:not([aria-label])',
  )) {
    table.setAttribute('aria-label', `Responses of ${operationName(table)}`)
  }
  // Code that scrolls sideways (a sent request's curl line, an example answer): focusable, so a
  // keyboard can scroll it too.
  for (const code of root.querySelectorAll(
    'pre.curl:not([tabindex]), .highlight-code > pre:not([tabindex])',
  )) {
    const what = code.classList.contains('curl') ? 'curl command' : 'Example'
    code.setAttribute('tabindex', '0')
    code.setAttribute('aria-label', `${what} for ${operationName(code)}`)
  }
  // A parameter's choices (an enum) sit in a cell beside its name, which labels nothing.
  for (const select of root.querySelectorAll('tr[data-param-name] select:not([aria-label])')) {
    const row = select.closest('tr')!
    const where = row.getAttribute('data-param-in')
    select.setAttribute(
      'aria-label',
      `${row.getAttribute('data-param-name')}${where ? ` (${where})` : ''}`,
    )
  }
}

/**
 * Gives Swagger UI's unnamed controls and regions accessible names as it renders them (an
 * operation's parts render when it is opened): Swagger UI offers no option for these. Answers
 * the function that stops watching.
 */
export function nameSwaggerControls(root: HTMLElement): () => void {
  const observer = new MutationObserver(() => nameControls(root))
  observer.observe(root, { childList: true, subtree: true })
  nameControls(root)
  return () => observer.disconnect()
}
