// Busboy's words for a multipart body it cannot read (the caller's fault, not the server's).
const problems: [RegExp, string][] = [
  [/boundary not found/i, 'the Content-Type names no boundary (multipart/form-data; boundary=…)'],
  [/unexpected end of multipart data/i, 'the body ends before the closing boundary'],
]

/** A sentence naming what is wrong with a multipart body, or null for any other error. */
export function multipartProblem(error: Error): string | null {
  const found = problems.find(([pattern]) => pattern.test(error.message))
  return found ? `The multipart body cannot be read: ${found[1]}` : null
}
