import { HttpError } from '../../lib/http-error'

/**
 * The supplier's reseller panel as our code sees it (DESIGN.md §4: an XUI.ONE admin API).
 * `xui-panel.ts` speaks the wire protocol; everything else in the product uses only this.
 * Every call takes the API key it should use: the form's key or SUPPLIER_API_KEY, never stored.
 */
export type PanelLine = {
  /** The panel's own line id. */
  id: string
  username: string
  password: string
  expiresAt: Date | null
  maxConnections: number
  isTrial: boolean
  isEnabled: boolean
  /** Bouquet (package) ids. */
  bouquetIds: string[]
  notes: string
}

export type NewPanelLine = {
  /** Chosen by us: readable, unique, derived from the subscription id. */
  username: string
  /** Derived from the order's idempotency reference with a server secret: a retry sends the same. */
  password: string
  expiresAt: Date
  maxConnections: number
  isTrial: boolean
  bouquetIds: string[]
  notes: string
  contact: string | null
}

/**
 * A line createLine made or found. `recoveredFrom` is set when the panel's answer was lost or
 * refused (the outcome word: `timeout`, `STATUS_EXISTS_USERNAME`…) and the line was then found by
 * its username with our password: an earlier attempt of the same order made it.
 */
export type CreatedPanelLine = PanelLine & { recoveredFrom?: string }

export type PanelLineChanges = Partial<
  Pick<NewPanelLine, 'expiresAt' | 'maxConnections' | 'isTrial' | 'bouquetIds' | 'password'>
>

/** What can go wrong, each with the admin-readable text (the panel's own words where it gave some). */
export type PanelFailureKind =
  /** The panel answered with a STATUS_* other than success (credits, invalid input, bad key…): 502. */
  | 'refused'
  /** An HTML error page, non-JSON or a shape we cannot read: 502. */
  | 'unreadable'
  /** No answer in SUPPLIER_TIMEOUT_MS: 504. */
  | 'timeout'
  /** Connection refused or reset: 502. */
  | 'unreachable'

/** An HttpError, so that wherever one escapes a route it answers 502 or 504, never 500. */
export class PanelError extends HttpError {
  constructor(
    readonly kind: PanelFailureKind,
    message: string,
    /** The panel's status code word, e.g. STATUS_INSUFFICIENT_CREDITS, when it gave one. */
    readonly status: string | null = null,
    /** The HTTP status of the panel's answer, when one came. */
    readonly httpStatus: number | null = null,
  ) {
    super(kind === 'timeout' ? 504 : 502, message)
  }
}

export interface SupplierPanel {
  /**
   * Creates a line. An ambiguous outcome (timeout, reset, 5xx, unreadable answer after sending)
   * is resolved by looking the username up before reporting: never two lines for one order.
   */
  createLine(apiKey: string, line: NewPanelLine): Promise<CreatedPanelLine>
  editLine(apiKey: string, id: string, changes: PanelLineChanges): Promise<void>
  getLine(apiKey: string, id: string): Promise<PanelLine | null>
  /** Every line of the key's owner, all pages read. */
  listLines(apiKey: string): Promise<PanelLine[]>
  findLineByUsername(apiKey: string, username: string): Promise<PanelLine | null>
  enableLine(apiKey: string, id: string): Promise<void>
  disableLine(apiKey: string, id: string): Promise<void>
  /** The key owner's credits; null for an admin key (credits unknown). */
  credits(apiKey: string): Promise<number | null>
  /** `{panel origin}/get.php?username=U&password=P&type=m3u_plus&output=ts`. */
  playlistUrl(username: string, password: string): string
}
