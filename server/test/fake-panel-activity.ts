/**
 * The fake XUI.ONE panel's viewers (fake-panel-state.ts runs it): `live_connections` (the
 * `lines_live` table) and `activity_logs` (`lines_activity`, one row per connection once it
 * ended), as the reseller API answers them (the open-source XC_VM `ResellerTableRenderer`, API
 * mode): `{status, data, recordsTotal, recordsFiltered}` with rows of MySQL string columns, only
 * the rows of the key owner's lines, paged with `start` and `limit` (default 50; below 1 or above
 * 1000 means 1000), filtered by `line` (a line id) and for the log by `range`
 * (`YYYY-MM-DD - YYYY-MM-DD`: started on or after the first day, ended by the end of the last,
 * in the panel's time zone, UTC here). Without an order the rows come in their table's order.
 */

import type { Answer } from './fake-panel-state'

/** A connection a test scripts: which line, from where, with what, since when. */
export type ScriptedConnection = {
  /** The panel's line id (get_lines' `id`). */
  lineId: string
  ip: string
  /** ISO 3166 alpha-2, or '' when the panel's GeoIP has none. */
  country?: string
  userAgent?: string
  stream?: string
  startedAt: Date
}

/** An ended connection (an activity-log entry). */
export type ScriptedActivity = ScriptedConnection & { endedAt: Date }

type Caller = { isAdmin: boolean; key: string }
type LiveRow = Record<string, string | null>

const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000))

/** `start` and `limit` as the reseller table API reads them. */
function pageOf(query: URLSearchParams) {
  const start = Math.max(0, Math.trunc(Number(query.get('start') ?? 0)) || 0)
  const asked = query.has('limit') ? Math.trunc(Number(query.get('limit'))) || 0 : 50
  return { start, limit: asked < 1 || asked > 1000 ? 1000 : asked }
}

/** `range=YYYY-MM-DD - YYYY-MM-DD`: [first day 00:00:00, last day 23:59:59] in seconds. */
function rangeOf(query: URLSearchParams): [number, number] | null {
  const range = query.get('range') ?? ''
  if (range === '') return null
  const from = Date.parse(`${range.slice(0, 10)}T00:00:00Z`)
  const to = Date.parse(`${range.slice(-10)}T23:59:59Z`)
  return Number.isNaN(from) || Number.isNaN(to) ? null : [from / 1000, to / 1000]
}

/** A page of the rows the filter kept, each written out as the panel sends it (counts as strings). */
function table<T>(kept: T[], query: URLSearchParams, write: (entry: T) => LiveRow): Answer {
  const { start, limit } = pageOf(query)
  return {
    httpStatus: 200,
    body: {
      status: 'STATUS_SUCCESS',
      data: kept.slice(start, start + limit).map(write),
      recordsTotal: String(kept.length),
      recordsFiltered: String(kept.length),
    },
  }
}

type LiveEntry = ScriptedConnection & { activityId: number; uuid: string }
type LogEntry = ScriptedActivity & { activityId: number }

export function createPanelViewers({
  usernameOf,
  linesVersion,
}: {
  /** The line's username when the caller owns it (an admin key owns every line), else undefined. */
  usernameOf: (caller: Caller, lineId: string) => string | undefined
  /** Changes whenever the panel's lines do. */
  linesVersion: () => number
}) {
  let nextActivityId = 1
  const live: LiveEntry[] = []
  const logs: LogEntry[] = []

  // What each filter kept, while neither the tables nor the lines change: the pages of one
  // listing are then served from it as the panel's indexes serve them, without filtering the
  // whole table again for every page.
  let tablesVersion = 0
  let keptAt = ''
  const kept = new Map<string, unknown[]>()
  function keptBy<T>(key: string, rows: T[], keep: (row: T) => boolean): T[] {
    const version = `${tablesVersion}/${linesVersion()}`
    if (keptAt !== version) {
      kept.clear()
      keptAt = version
    }
    const known = kept.get(key) as T[] | undefined
    if (known) return known
    const fresh = rows.filter(keep)
    kept.set(key, fresh)
    return fresh
  }
  const filterKey = (table: string, caller: Caller, query: URLSearchParams) =>
    JSON.stringify([table, caller, query.get('line'), query.get('range')])

  // Each entry's row, written out once as the panel's table holds it: it reads the same for
  // every caller who may see it (the line's own username), and entries never change.
  const written = new WeakMap<object, LiveRow>()
  const writtenOnce = <T extends object>(entry: T, write: (entry: T) => LiveRow) => {
    const known = written.get(entry)
    if (known) return known
    const fresh = write(entry)
    written.set(entry, fresh)
    return fresh
  }

  const row = (entry: ScriptedConnection & { activityId: number }, caller: Caller): LiveRow => ({
    activity_id: String(entry.activityId),
    user_id: entry.lineId,
    stream_id: String(100 + (entry.activityId % 50)),
    server_id: '1',
    user_agent: entry.userAgent ?? 'VLC/3.0.20 LibVLC/3.0.20',
    user_ip: entry.ip,
    container: 'ts',
    date_start: seconds(entry.startedAt),
    geoip_country_code: entry.country ?? '',
    isp: null,
    username: usernameOf(caller, entry.lineId) ?? null,
    stream_display_name: entry.stream ?? 'BBC One HD',
    type: '1',
    is_restreamer: '0',
  })

  function liveConnections(caller: Caller, query: URLSearchParams): Answer {
    const line = query.get('line')
    const rows = keptBy(
      filterKey('live', caller, query),
      live,
      (entry) => usernameOf(caller, entry.lineId) !== undefined && (!line || entry.lineId === line),
    )
    return table(rows, query, (connection) =>
      writtenOnce(connection, (entry) => ({
        ...row(entry, caller),
        uuid: entry.uuid,
        divergence: '0',
      })),
    )
  }

  function activityLogs(caller: Caller, query: URLSearchParams): Answer {
    const line = query.get('line')
    const range = rangeOf(query)
    const rows = keptBy(
      filterKey('logs', caller, query),
      logs,
      (entry) =>
        usernameOf(caller, entry.lineId) !== undefined &&
        (!line || entry.lineId === line) &&
        (!range ||
          (entry.startedAt.getTime() / 1000 >= range[0] &&
            entry.endedAt.getTime() / 1000 <= range[1])),
    )
    return table(rows, query, (ended) =>
      writtenOnce(ended, (entry) => ({
        ...row(entry, caller),
        date_end: seconds(entry.endedAt),
      })),
    )
  }

  return {
    liveConnections,
    activityLogs,
    /** Someone starts watching: the connection is live until it ends (`endConnection`). */
    connect(connection: ScriptedConnection) {
      const activityId = nextActivityId++
      live.push({ ...connection, activityId, uuid: `uuid-${activityId}` })
      tablesVersion++
      return activityId
    },
    /** A live connection ends: it leaves live_connections and enters the activity log. */
    endConnection(activityId: number, endedAt: Date) {
      const index = live.findIndex((entry) => entry.activityId === activityId)
      if (index < 0) throw new Error(`No live connection ${activityId} on the fake panel`)
      const [ended] = live.splice(index, 1)
      logs.push({ ...ended!, activityId: nextActivityId++, endedAt })
      tablesVersion++
    },
    /** Entries of connections that already ended, written to the log in this order. */
    addActivity(entries: ScriptedActivity[]) {
      for (const entry of entries) logs.push({ ...entry, activityId: nextActivityId++ })
      tablesVersion++
    },
    /** Everyone stops watching at once (a server restart on the panel). */
    clearLive() {
      live.splice(0, live.length)
      tablesVersion++
    },
    get liveCount() {
      return live.length
    },
  }
}

export type PanelViewers = ReturnType<typeof createPanelViewers>
