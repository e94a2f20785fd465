/**
 * The error message of a list typed into one text field (features one per line, tags with
 * commas): the schema reports a bad item at its index ('tags.3'), the form has one control.
 */
export function listFieldError(error: unknown): string | undefined {
  if (Array.isArray(error)) return listFieldError(error.find(Boolean))
  if (error && typeof error === 'object' && 'message' in error) {
    return typeof error.message === 'string' ? error.message : undefined
  }
  return undefined
}
