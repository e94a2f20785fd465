import { m3uPlaylistUrl } from '../../../common/m3u'
import type { Config } from '../../config'
import { secondsSince, signalPanelCall, type PanelCallSignal } from '../../lib/signals'
import {
  findOrderLine,
  mayHaveCreated,
  PanelError,
  perRequest,
  type ActivityPage,
  type CreatedPanelLine,
  type Deadline,
  type NewPanelLine,
  type PanelConnection,
  type PanelLine,
  type PanelLineChanges,
  type SupplierPanel,
} from './panel'
import {
  accountCredits,
  answerData,
  panelActivity,
  panelConnection,
  panelLine,
  panelLines,
  tableRows,
  transportFailure,
  unreadable,
} from './xui-answers'

type Params = Record<string, string | string[] | undefined>
/** `pageSize`: the rows asked per page (get_lines, live_connections, activity_logs); at most 1000. */
type XuiPanelOptions = { apiUrl: string; timeoutMs: number; pageSize?: number }

/** Live connections read at most this many pages (a panel ignoring `start` would never end). */
const maxConnectionPages = 100

const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000))

function appendParams(target: URLSearchParams, params: Params) {
  for (const [name, value] of Object.entries(params)) {
    for (const item of [value ?? []].flat()) target.append(name, item)
  }
}

/** edit_line's form fields for the changes asked; absent ones stay as they are on the panel. */
function changeFields(changes: PanelLineChanges): Params {
  return {
    exp_date: changes.expiresAt && unixSeconds(changes.expiresAt),
    max_connections: changes.maxConnections?.toString(),
    is_trial: changes.isTrial === undefined ? undefined : changes.isTrial ? '1' : '0',
    'bouquets_selected[]': changes.bouquetIds,
    password: changes.password,
  }
}

/**
 * The supplier's XUI.ONE admin API (docs/supplier-panel.md §1):
 * `{apiUrl}?api_key=KEY&action=ACTION`, reads as GET with query parameters, writes as POST with a
 * form body. The key travels only in that URL: no message, log line or stored answer is built
 * from it.
 */
export function createXuiPanel({ apiUrl, timeoutMs, pageSize = 1000 }: XuiPanelOptions) {
  const origin = new URL(apiUrl).origin

  /** The deadline of an operation that was given none: SUPPLIER_TIMEOUT_MS from now. */
  const ownDeadline = () => AbortSignal.timeout(timeoutMs)

  async function call(
    apiKey: string,
    method: 'GET' | 'POST',
    action: string,
    params: Params,
    deadline: Deadline,
  ): Promise<{ data: unknown; httpStatus: number }> {
    const url = new URL(apiUrl)
    url.searchParams.set('api_key', apiKey)
    url.searchParams.set('action', action)
    const form = new URLSearchParams()
    appendParams(method === 'GET' ? url.searchParams : form, params)
    let httpStatus: number
    let text: string
    const startedAt = performance.now()
    const report = (outcome: PanelCallSignal['outcome']) =>
      signalPanelCall({ action, outcome, seconds: secondsSince(startedAt) })
    try {
      const response = await fetch(url, {
        method,
        body: method === 'POST' ? form : undefined,
        // A redirect would carry the key in its URL to wherever the panel points.
        redirect: 'manual',
        signal: deadline === perRequest ? ownDeadline() : deadline,
      })
      httpStatus = response.status
      text = await response.text()
    } catch (error) {
      report('failed')
      throw transportFailure(error)
    }
    try {
      const data = answerData(httpStatus, text, apiKey)
      report('ok')
      return { data, httpStatus }
    } catch (error) {
      report(error instanceof PanelError && error.kind === 'refused' ? 'refused' : 'failed')
      throw error
    }
  }

  const get = (apiKey: string, action: string, params: Params, deadline: Deadline) =>
    call(apiKey, 'GET', action, params, deadline)
  const post = async (apiKey: string, action: string, params: Params, deadline: Deadline) => {
    await call(apiKey, 'POST', action, params, deadline)
  }

  /**
   * Every page within one deadline (a listing an admin waits for is one operation, however many
   * pages it takes), or each page within its own (`perRequest`: background work on a large account).
   */
  async function listLines(
    apiKey: string,
    deadline: Deadline = ownDeadline(),
  ): Promise<PanelLine[]> {
    const lines = new Map<string, PanelLine>()
    // `start` and `limit` (at most 1000), until a short page (docs/supplier-panel.md §2).
    for (let start = 0; ; start += pageSize) {
      const { data, httpStatus } = await get(
        apiKey,
        'get_lines',
        { start: String(start), limit: String(pageSize) },
        deadline,
      )
      const page = panelLines(data, httpStatus)
      const fresh = page.filter((line) => !lines.has(line.id))
      for (const line of fresh) lines.set(line.id, line)
      if (page.length < pageSize) return [...lines.values()]
      // A full page of lines already read: the panel ignores `start`, so the rest cannot be read,
      // and a partial list would have a look-up miss a line and buy it again.
      if (fresh.length === 0) throw unreadable(httpStatus)
    }
  }

  async function findLineByUsername(
    apiKey: string,
    username: string,
    deadline: Deadline = ownDeadline(),
  ) {
    return (await listLines(apiKey, deadline)).find((line) => line.username === username) ?? null
  }

  /** The create and, when its outcome is in doubt, its look-up: both within one deadline. */
  async function createLine(
    apiKey: string,
    line: NewPanelLine,
    deadline: Deadline = ownDeadline(),
  ): Promise<CreatedPanelLine> {
    try {
      const { data, httpStatus } = await call(
        apiKey,
        'POST',
        'create_line',
        {
          username: line.username,
          password: line.password,
          max_connections: String(line.maxConnections),
          exp_date: unixSeconds(line.expiresAt),
          is_trial: line.isTrial ? '1' : '0',
          'bouquets_selected[]': line.bouquetIds,
          notes: line.notes || undefined,
          contact: line.contact ?? undefined,
        },
        deadline,
      )
      const created = (data ?? {}) as { line_id?: unknown; id?: unknown }
      const id = created.line_id ?? created.id
      if (typeof id !== 'string' && typeof id !== 'number') throw unreadable(httpStatus)
      const { contact: _contact, ...fields } = line
      // The panel keeps whole seconds.
      const expiresAt = new Date(Number(unixSeconds(line.expiresAt)) * 1000)
      return { ...fields, expiresAt, id: String(id), isEnabled: true }
    } catch (error) {
      if (!(error instanceof PanelError) || !mayHaveCreated(error)) throw error
      const found = await findOrderLine(
        (username) => findLineByUsername(apiKey, username, deadline),
        line,
        deadline,
        error,
      )
      if (!found) throw error
      return { ...found, recoveredFrom: error.status ?? error.kind }
    }
  }

  /** Every page of live_connections: rows come and go between pages, so none is refused. */
  async function liveConnections(
    apiKey: string,
    deadline: Deadline = ownDeadline(),
  ): Promise<PanelConnection[]> {
    const connections: PanelConnection[] = []
    for (let page = 0; page < maxConnectionPages; page++) {
      const { data, httpStatus } = await get(
        apiKey,
        'live_connections',
        { start: String(page * pageSize), limit: String(pageSize) },
        deadline,
      )
      const rows = tableRows(data, httpStatus, panelConnection)
      connections.push(...rows)
      if (rows.length < pageSize) break
    }
    return connections
  }

  /** A page of the log, by the panel's days (`range`), from `start`, in the panel's order. */
  async function activityLogs(
    apiKey: string,
    { fromDay, toDay, start }: ActivityPage,
    deadline: Deadline = ownDeadline(),
  ) {
    const { data, httpStatus } = await get(
      apiKey,
      'activity_logs',
      { range: `${fromDay} - ${toDay}`, start: String(start), limit: String(pageSize) },
      deadline,
    )
    const entries = tableRows(data, httpStatus, panelActivity)
    return { entries, isLast: entries.length < pageSize }
  }

  return {
    createLine,
    listLines,
    liveConnections,
    activityLogs,
    findLineByUsername,
    async getLine(apiKey, id, deadline = ownDeadline()) {
      const { data, httpStatus } = await get(apiKey, 'get_line', { id }, deadline)
      const isEmpty = !data || (typeof data === 'object' && Object.keys(data).length === 0)
      return isEmpty ? null : panelLine(data, httpStatus)
    },
    editLine: (apiKey, id, changes, deadline = ownDeadline()) =>
      post(apiKey, 'edit_line', { id, ...changeFields(changes) }, deadline),
    enableLine: (apiKey, id, deadline = ownDeadline()) =>
      post(apiKey, 'enable_line', { id }, deadline),
    disableLine: (apiKey, id, deadline = ownDeadline()) =>
      post(apiKey, 'disable_line', { id }, deadline),
    async credits(apiKey, deadline = ownDeadline()) {
      return accountCredits((await get(apiKey, 'user_info', {}, deadline)).data)
    },
    playlistUrl: (username, password) => m3uPlaylistUrl(origin, username, password),
  } satisfies SupplierPanel
}

/** The panel SUPPLIER_API_URL names, or null when none is configured. */
export function panelFromConfig(config: Config): SupplierPanel | null {
  return config.supplierApiUrl
    ? createXuiPanel({ apiUrl: config.supplierApiUrl, timeoutMs: config.supplierTimeoutMs })
    : null
}
