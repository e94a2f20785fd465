/** What we ask a supplier panel for: one line. */
export type LineOrder = {
  apiKey: string
  packageId: string
  /** Months of service; null for a demo (trial) line. */
  months: number | null
  connections: number
  /** Our id for this purchase, so a retried call never buys two lines. */
  reference: string
}

export type SupplierLine = {
  username: string
  password: string
  /** The playlist URL of the line. */
  m3uUrl: string
  expiresAt: Date | null
  status: string
  supplierId: string | null
  /** The panel's answer with secrets removed, for the record. */
  response: unknown
}

/** A reseller panel that sells lines. XUI.one/Xtream UI today; a REST-style panel can join it. */
export interface SupplierAdapter {
  createLine(order: LineOrder): Promise<SupplierLine>
}

/** A failure the admin should read as it is ("Not enough credits", a timeout…). */
export class SupplierError extends Error {}

const secretKey = /api_?key|token|secret|password/i

/** A copy of a panel's answer without anything that looks like a credential. */
export function redact(value: unknown): unknown {
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
