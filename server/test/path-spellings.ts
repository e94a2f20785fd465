const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`
const encodeFirst = (segment: string, index = 0) =>
  segment.slice(0, index) + hex(segment[index]!) + segment.slice(index + 1)

/**
 * Ways to write `path` that some router, proxy or framework reads as the same path: percent-
 * encoding (single and double), case, dot segments, doubled and encoded slashes, backslashes,
 * a trailing slash, `;` matrix parameters and a fragment. The first entry is `path` itself.
 */
export function pathSpellings(path: string): string[] {
  const segments = path.slice(1).split('/')
  const [first = '', second] = segments
  const join = (parts: string[]) => `/${parts.join('/')}`
  const withSegment = (index: number, value: string) =>
    join(segments.map((segment, i) => (i === index ? value : segment)))
  const afterFirst = (inserted: string) => join([first, inserted, ...segments.slice(1)])
  const firstLetters = [0, 1, 2].filter((index) => index < first.length)
  return [
    ...new Set([
      path,
      ...firstLetters.map((index) => withSegment(0, encodeFirst(first, index))),
      withSegment(0, `%25${hex(first).slice(1)}${first.slice(1)}`),
      ...(second ? [withSegment(1, encodeFirst(second))] : []),
      path.toUpperCase(),
      withSegment(0, first.charAt(0).toUpperCase() + first.slice(1)),
      `/.${path}`,
      `/%2e${path}`,
      afterFirst('.'),
      `/x/..${path}`,
      `/x/%2e%2e${path}`,
      afterFirst('x/..'),
      `/${path}`,
      afterFirst(''),
      `${path}/`,
      `${path};jsessionid=x`,
      withSegment(0, `${first};jsessionid=x`),
      `/${first}%2F${segments.slice(1).join('%2F')}`,
      `/${first}%2f${segments.slice(1).join('/')}`,
      `/${segments.join('\\')}`,
      `${path}#x`,
    ]),
  ]
}
