/** Paths of the scripts, module preloads and stylesheets an HTML page asks for. */
export function htmlReferences(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
  return tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script')
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1]
    if (!isScript && rel !== 'modulepreload' && rel !== 'stylesheet') return []
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]
    return url?.startsWith('/') ? [url.slice(1)] : []
  })
}

/** Modules a built chunk imports statically (`import("…")` loads later, so it is left out). */
export function staticImports(code: string, fromPath: string): string[] {
  const specifiers = code.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )
  const dir = fromPath.slice(0, fromPath.lastIndexOf('/') + 1)
  return [...specifiers].map(([, specifier]) =>
    new URL(specifier!, `file:///${dir}`).pathname.slice(1),
  )
}

/**
 * Every file the page downloads before it renders: `entries` (from `htmlReferences`) and the
 * modules their scripts import statically, read by `read` (a path without its leading slash).
 */
export async function landingDownloads<T extends { content: Buffer }>(
  entries: string[],
  read: (path: string) => Promise<T>,
): Promise<(T & { path: string; kind: 'js' | 'css' })[]> {
  const seen = new Set<string>()
  const queue = [...entries]
  const files: (T & { path: string; kind: 'js' | 'css' })[] = []
  while (queue.length > 0) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    seen.add(path)
    const file = await read(path)
    const kind = path.endsWith('.css') ? 'css' : 'js'
    files.push({ ...file, path, kind })
    if (kind === 'js') queue.push(...staticImports(file.content.toString('utf8'), path))
  }
  return files
}
