import { and, desc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { LineEvent, PanelCall } from '../../../common/panel-calls'
import type { Db } from '../../db/client'
import { panelCalls } from '../../db/schema/panel-calls'
import { keyset } from '../../lib/keyset'
import { lineEditEvents, type PanelHeld } from './line-events'
import { PanelError, type SupplierPanel } from './panel'

export type PanelCallContext = {
  /** The admin's username, or 'system' for scheduled work. */
  actor: string
  personId?: string | null
  /** Our m3u_lines id (for a new line, the id its row will have). */
  lineId?: string | null
  /** Where a ledger row that could not be written is reported; the call's result still stands. */
  log?: Pick<FastifyBaseLogger, 'warn'>
  /** The panel's last word on the line, so a change reads as one ("Extended by 1 month…"). */
  held?: PanelHeld | null
  now?: () => Date
}

type Entry = { panelLineId?: string | null; message?: string | null; credits?: number | null }
type Outcome = Entry & { outcome: string; httpStatus: number | null; events: LineEvent[] | null }

const maxMessage = 300

/**
 * `panel`, with every call written to the ledger (panel_calls) once it returns: what was asked,
 * how it ended, how long it took, who asked. Each row is its own small insert after the call, so
 * no transaction is ever held open while the panel thinks.
 */
export function recordedPanel(
  db: Db,
  panel: SupplierPanel,
  {
    actor,
    personId = null,
    lineId = null,
    log,
    held = null,
    now = () => new Date(),
  }: PanelCallContext,
): SupplierPanel {
  async function write(action: string, started: number, row: Outcome) {
    try {
      await db.insert(panelCalls).values({
        action,
        lineId,
        personId,
        actor,
        durationMs: Math.round(performance.now() - started),
        at: new Date(),
        ...row,
        message: row.message?.slice(0, maxMessage) ?? null,
      })
    } catch (error) {
      log?.warn({ err: error, action }, 'Could not record a supplier panel call in the ledger')
    }
  }

  async function recorded<T>(
    action: string,
    panelLineId: string | null,
    call: () => Promise<T>,
    describe: (result: T) => Entry = () => ({}),
    // What a change asked, kept on its row whether the panel took it or not.
    events: LineEvent[] | null = null,
  ): Promise<T> {
    const started = performance.now()
    let result: T
    try {
      result = await call()
    } catch (error) {
      const isPanelError = error instanceof PanelError
      await write(action, started, {
        panelLineId,
        outcome: isPanelError ? (error.status ?? error.kind) : 'error',
        // A success comes only in a 2xx answer; a failure carries its own.
        httpStatus: isPanelError ? error.httpStatus : null,
        message: isPanelError ? error.message : 'Unexpected error',
        events,
      })
      throw error
    }
    await write(action, started, {
      panelLineId,
      outcome: 'STATUS_SUCCESS',
      httpStatus: 200,
      events,
      ...describe(result),
    })
    return result
  }

  return {
    createLine: (apiKey, line, deadline) =>
      recorded(
        'create_line',
        null,
        () => panel.createLine(apiKey, line, deadline),
        ({ id, recoveredFrom }) => ({
          panelLineId: id,
          // Its event says what was made; only a line found again needs saying more.
          message: recoveredFrom
            ? `Made by an earlier attempt (${recoveredFrom}); found by its username`
            : null,
        }),
        [{ kind: 'created', isTrial: line.isTrial, expiresAt: line.expiresAt.toISOString() }],
      ),
    editLine: (apiKey, id, changes, deadline) =>
      recorded(
        'edit_line',
        id,
        () => panel.editLine(apiKey, id, changes, deadline),
        undefined,
        lineEditEvents(held, changes, now()),
      ),
    getLine: (apiKey, id, deadline) =>
      recorded(
        'get_line',
        id,
        () => panel.getLine(apiKey, id, deadline),
        (line) => ({
          message: line ? null : 'No such line',
        }),
      ),
    listLines: (apiKey, deadline) =>
      recorded(
        'get_lines',
        null,
        () => panel.listLines(apiKey, deadline),
        (lines) => ({
          message: `${lines.length} lines`,
        }),
      ),
    findLineByUsername: (apiKey, username, deadline) =>
      recorded(
        'get_lines',
        null,
        () => panel.findLineByUsername(apiKey, username, deadline),
        (line) => ({
          panelLineId: line?.id ?? null,
          message: line ? `Found ${username}` : `No line ${username}`,
        }),
      ),
    enableLine: (apiKey, id, deadline) =>
      recorded('enable_line', id, () => panel.enableLine(apiKey, id, deadline), undefined, [
        { kind: 'enabled' },
      ]),
    disableLine: (apiKey, id, deadline) =>
      recorded('disable_line', id, () => panel.disableLine(apiKey, id, deadline), undefined, [
        { kind: 'disabled' },
      ]),
    liveConnections: (apiKey, deadline) =>
      recorded(
        'live_connections',
        null,
        () => panel.liveConnections(apiKey, deadline),
        (connections) => ({ message: `${connections.length} connections` }),
      ),
    activityLogs: (apiKey, page, deadline) =>
      recorded(
        'activity_logs',
        null,
        () => panel.activityLogs(apiKey, page, deadline),
        ({ entries }) => ({ message: `${entries.length} entries from ${page.start}` }),
      ),
    credits: (apiKey, deadline) =>
      recorded(
        'user_info',
        null,
        () => panel.credits(apiKey, deadline),
        (credits) => ({
          message: credits === null ? 'Credits unknown (not a reseller key)' : `${credits} credits`,
          // The readings the daily spend is worked out from (credits-forecast.ts).
          credits,
        }),
      ),
    playlistUrl: (username, password) => panel.playlistUrl(username, password),
  }
}

function presentCall({
  at,
  events,
  credits: _credits,
  ...row
}: typeof panelCalls.$inferSelect): PanelCall {
  return { ...row, at: at.toISOString(), events: events ?? null }
}

/** A line's panel calls, newest first, one page of the README's list convention. */
export async function listLineHistory(
  db: Db,
  lineId: string,
  { limit, cursor }: { limit: number; cursor?: string },
) {
  const pages = keyset({ createdAt: panelCalls.at, id: panelCalls.id }, cursor, limit)
  const rows = await db
    .select()
    .from(panelCalls)
    .where(and(eq(panelCalls.lineId, lineId), pages.after))
    .orderBy(desc(panelCalls.at), desc(panelCalls.id))
    .limit(pages.fetchSize)
  const page = pages.page(rows, (row) => row.at)
  return { calls: page.rows.map(presentCall), nextCursor: page.nextCursor }
}
