const secretKey = /api_?key|token|secret|password/i

/** A copy of a panel's answer without anything that looks like a credential, for the record. */
export function redact(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(redact)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        secretKey.test(key) ? '[redacted]' : redact(inner),
      ]),
    )
  }
  return value
}
