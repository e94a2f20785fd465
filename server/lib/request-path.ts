const percentByte = /%([0-9a-f]{2})/gi

/** Decodes %XX byte by byte, again and again, so %2561 ends as `a` and a stray % stays. */
function decodeFully(path: string): string {
  for (let round = 0; round < 5; round++) {
    const decoded = path.replace(percentByte, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    )
    if (decoded === path) break
    path = decoded
  }
  return path
}

/**
 * The path as the most lenient server or proxy would read it: decoded, lower-case, with `\`
 * as `/`, empty and `.` segments dropped, `..` applied and `;parameters` cut off.
 */
export function canonicalPath(url: string): string {
  const rawPath = url.split(/[?#]/, 1)[0] ?? ''
  const segments: string[] = []
  for (const part of decodeFully(rawPath).toLowerCase().split(/[/\\]/)) {
    const segment = part.split(';', 1)[0]!.trim()
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/** Whether any spelling of `url` names the API, e.g. `/%61pi/x`, `/API//x`, `/x/../api;a/x`. */
export function isApiPath(url: string): boolean {
  const path = canonicalPath(url)
  return path === '/api' || path.startsWith('/api/')
}
