/**
 * The one rule every text input meets, whatever its schema (docs/security.md §8): no NUL or other
 * control characters (newline, carriage return and tab only where long text is allowed), no
 * lone surrogates, and no string longer than `maxTextLength`. Schemas add tighter limits.
 */
export const maxTextLength = 100_000
/** No form or frame nests deeper; walking (or validating) an attacker's 5,000 levels would not end well. */
export const maxNesting = 32

// C0 controls but tab/newline/CR, DEL, and C1 controls: matching them is the point.
/* eslint-disable no-control-regex */
const controlInLongText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const controlInLine = /[\u0000-\u001F\u007F-\u009F]/
/* eslint-enable no-control-regex */
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type TextProblem = { path: string; message: string }

const describe = (path: string) => (path === '' ? 'The value' : path)

function problemWith(text: string, path: string, allowLineBreaks: boolean): string | null {
  if (text.length > maxTextLength) {
    return `${describe(path)} must be at most ${maxTextLength} characters`
  }
  if ((allowLineBreaks ? controlInLongText : controlInLine).test(text)) {
    return `${describe(path)} contains a control character that is not allowed`
  }
  if (loneSurrogate.test(text)) return `${describe(path)} contains an invalid character`
  return null
}

/**
 * The first text in `value` (keys included, at any depth) that breaks the rule, with its path
 * (`items.0.name`), or null. Line breaks and tabs are allowed when `allowLineBreaks` (bodies,
 * where long text lives), never in paths, queries or single values.
 */
export function findTextProblem(
  value: unknown,
  {
    allowLineBreaks,
    path = '',
    depth = 0,
  }: { allowLineBreaks: boolean; path?: string; depth?: number },
): TextProblem | null {
  if (typeof value === 'string') {
    const message = problemWith(value, path, allowLineBreaks)
    return message ? { path, message } : null
  }
  if (value === null || typeof value !== 'object') return null
  if (depth >= maxNesting) return { path, message: `${describe(path)} is nested too deeply` }
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path === '' ? key : `${path}.${key}`
    const keyMessage = problemWith(key, innerPath, false)
    if (keyMessage) return { path: innerPath, message: keyMessage }
    const problem = findTextProblem(inner, { allowLineBreaks, path: innerPath, depth: depth + 1 })
    if (problem) return problem
  }
  return null
}
