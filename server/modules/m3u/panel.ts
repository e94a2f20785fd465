import { HttpError } from '../../lib/http-error'

/**
 * The supplier's reseller panel as our code sees it: an XUI.ONE admin API (docs/supplier-panel.md).
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

/** Someone watching one of the key owner's lines now (live_connections). */
export type PanelConnection = {
  /** The panel's line id. */
  lineId: string
  /** The channel or title's name on the panel. */
  stream: string
  /** The player's user agent. */
  player: string
  ip: string
  /** ISO 3166 alpha-2, upper-case; null when the panel's GeoIP has none. */
  country: string | null
  startedAt: Date
}

/** A connection that ended: one entry of the panel's activity log (activity_logs). */
export type PanelActivity = PanelConnection & {
  /** The panel's id of the entry: each is kept once. */
  id: string
  endedAt: Date
}

/**
 * One page of the activity log: entries that started on or after `fromDay` and ended by the end
 * of `toDay` (YYYY-MM-DD, the panel's days), from the `start`th, in the order the panel wrote them.
 */
export type ActivityPage = { fromDay: string; toDay: string; start: number }

/** What can go wrong, each with the admin-readable text (the panel's own words where it gave some). */
export type PanelFailureKind =
  /** The panel answered with a STATUS_* other than success (credits, invalid input, bad key…): 502. */
  | 'refused'
  /** An HTML error page, non-JSON or a shape we cannot read: 502. */
  | 'unreadable'
  /** No answer within the operation's deadline (SUPPLIER_TIMEOUT_MS): 504. */
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

/**
 * A create the panel may have carried out, whose look-up could not tell before the deadline (or
 * failed): the line may exist on the panel or not. Looking its username up later settles it.
 */
export class OutcomeUnknown extends PanelError {
  constructor(cause: PanelError) {
    super(cause.kind, cause.message, cause.status, cause.httpStatus)
  }
}

/**
 * Whether the line the panel holds under an order's username is that order's: same password
 * (derived from the order's reference) or same notes (which carry it). The username alone may be
 * someone else's.
 */
export const isOrderLine = (
  found: PanelLine | null,
  line: Pick<NewPanelLine, 'password' | 'notes'>,
): found is PanelLine =>
  found !== null &&
  (found.password === line.password || (line.notes !== '' && found.notes === line.notes))

/**
 * An outcome that may hide a line the panel did make: no answer, a reset, a 5xx, an answer we
 * could not read, or a taken username (an earlier attempt's line, or someone else's). A plain
 * refusal (a bad key, no credits, invalid input) made nothing.
 */
export const mayHaveCreated = (error: PanelError) =>
  error.kind !== 'refused' ||
  (error.httpStatus ?? 0) >= 500 ||
  error.status === 'STATUS_EXISTS_USERNAME'

/**
 * Looks up the order's line after a create whose outcome is in doubt: the line if the panel holds
 * the order's, null if it does not. A look-up the deadline (already past, or reached now) or the
 * panel cuts short leaves the outcome unknown (`cause`: the failure that put it in doubt); a
 * refusal (a bad key) is the answer as it is, since it tells nothing of the line.
 */
export async function findOrderLine(
  find: (username: string) => Promise<PanelLine | null>,
  order: NewPanelLine,
  deadline: Deadline,
  cause?: PanelError,
): Promise<PanelLine | null> {
  if (deadline !== perRequest && deadline.aborted && cause) throw new OutcomeUnknown(cause)
  let found: PanelLine | null
  try {
    found = await find(order.username)
  } catch (error) {
    if (!(error instanceof PanelError) || !mayHaveCreated(error)) throw error
    throw new OutcomeUnknown(cause ?? error)
  }
  return isOrderLine(found, order) ? found : null
}

/**
 * Each request of a call given `perRequest` gets SUPPLIER_TIMEOUT_MS of its own: for background
 * work nobody waits for (the sync's and the retry job's listings, however many pages they read).
 */
export const perRequest = 'per-request'

/**
 * How long a call may take: one AbortSignal for a whole operation of several calls (a create and
 * its look-up, a push's edit and disable), so that an operation an admin waits for ends within
 * SUPPLIER_TIMEOUT_MS however many calls it makes; or `perRequest`.
 */
export type Deadline = AbortSignal | typeof perRequest

/**
 * Each call takes an optional `deadline` (see Deadline). Without one, the call (with every request
 * it makes, e.g. all pages of a listing) makes its own of SUPPLIER_TIMEOUT_MS.
 */
export interface SupplierPanel {
  /**
   * Creates a line. An ambiguous outcome (timeout, reset, 5xx, unreadable answer after sending)
   * is resolved by looking the username up before reporting: never two lines for one order. When
   * the deadline (or a failed look-up) leaves it unresolved, it throws OutcomeUnknown.
   */
  createLine(apiKey: string, line: NewPanelLine, deadline?: Deadline): Promise<CreatedPanelLine>
  editLine(
    apiKey: string,
    id: string,
    changes: PanelLineChanges,
    deadline?: AbortSignal,
  ): Promise<void>
  getLine(apiKey: string, id: string, deadline?: AbortSignal): Promise<PanelLine | null>
  /** Every line of the key's owner, all pages read. */
  listLines(apiKey: string, deadline?: Deadline): Promise<PanelLine[]>
  findLineByUsername(
    apiKey: string,
    username: string,
    deadline?: Deadline,
  ): Promise<PanelLine | null>
  enableLine(apiKey: string, id: string, deadline?: AbortSignal): Promise<void>
  disableLine(apiKey: string, id: string, deadline?: AbortSignal): Promise<void>
  /** Everyone watching the key owner's lines now, all pages read. */
  liveConnections(apiKey: string, deadline?: Deadline): Promise<PanelConnection[]>
  /** One page of the activity log; `isLast` once a page comes short. */
  activityLogs(
    apiKey: string,
    page: ActivityPage,
    deadline?: Deadline,
  ): Promise<{ entries: PanelActivity[]; isLast: boolean }>
  /** The key owner's credits; null for an admin key (credits unknown). */
  credits(apiKey: string, deadline?: AbortSignal): Promise<number | null>
  /** `{panel origin}/get.php?username=U&password=P&type=m3u_plus&output=ts`. */
  playlistUrl(username: string, password: string): string
}
