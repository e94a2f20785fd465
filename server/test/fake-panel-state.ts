import { createPanelViewers } from './fake-panel-activity'

/**
 * The state and actions of the fake XUI.ONE panel (fake-supplier.ts), written from
 * docs/supplier-panel.md, not from our client. Lines carry string fields as the panel sends them.
 * Credits: a reseller pays 1 credit per started 30 days of a paid line's validity, on create_line
 * and when edit_line pushes exp_date later; trials are free; an admin key pays nothing and has no
 * credits.
 */

export type FakeLine = {
  id: string
  username: string
  password: string
  /** Unix seconds. */
  exp_date: string
  max_connections: string
  is_trial: '0' | '1'
  enabled: '0' | '1'
  /** JSON array of bouquet ids, e.g. "[1,2]". */
  bouquet: string
  notes: string
  contact: string
  created_at: string
}

export type Answer = { httpStatus: number; body: object }
type Params = URLSearchParams
type Caller = { isAdmin: boolean; key: string }

const dayS = 24 * 60 * 60
const nowS = () => Math.floor(Date.now() / 1000)
const ok = (data?: unknown): Answer => ({
  httpStatus: 200,
  body: { status: 'STATUS_SUCCESS', data },
})
const refuse = (status: string, error: string): Answer => ({
  httpStatus: 200,
  body: { status, error },
})

/** exp_date as the panel reads it: Unix seconds, YYYY-MM-DD, or relative (`1month`, `7days`). */
function expirySeconds(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value)
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`)
    return Number.isNaN(ms) ? null : ms / 1000
  }
  const relative = /^(\d+)\s*(day|month|year)s?$/.exec(value)
  if (!relative) return null
  const days = { day: 1, month: 30, year: 365 }[relative[2] as 'day' | 'month' | 'year']
  return nowS() + Number(relative[1]) * days * dayS
}

const cost = (fromS: number, toS: number) => Math.max(1, Math.ceil((toS - fromS) / (30 * dayS)))
const bouquetOf = (params: Params) =>
  JSON.stringify(params.getAll('bouquets_selected[]').map(Number))

type OwnedLine = FakeLine & { owner: string }

export function createPanelState({ credits = 100 } = {}) {
  // Lines in the order they were made, and by id (the table's primary key); never removed.
  const lines: OwnedLine[] = []
  const byId = new Map<string, OwnedLine>()
  let balance = credits
  let nextId = 1001

  const add = (line: OwnedLine) => {
    lines.push(line)
    byId.set(line.id, line)
  }
  const present = ({ owner: _owner, ...line }: OwnedLine): FakeLine => ({
    ...line,
  })
  const isVisible = (caller: Caller, line: OwnedLine) => caller.isAdmin || line.owner === caller.key
  const visibleTo = (caller: Caller) => lines.filter((line) => isVisible(caller, line))
  const find = (caller: Caller, id: string | null) => {
    const line = id === null ? undefined : byId.get(id)
    return line && isVisible(caller, line) ? line : undefined
  }

  /** Charges a reseller; false when the credits do not cover it. */
  const charge = (caller: Caller, amount: number) => {
    if (caller.isAdmin) return true
    if (balance < amount) return false
    balance -= amount
    return true
  }

  function createLine(caller: Caller, form: Params): Answer {
    const username = form.get('username')
    const password = form.get('password')
    if (!username || !password) {
      return refuse('STATUS_INVALID_INPUT', 'Username and password are required.')
    }
    if (lines.some((line) => line.username === username)) {
      return refuse('STATUS_EXISTS_USERNAME', 'Username already exists.')
    }
    const expiry = expirySeconds(form.get('exp_date') ?? '1month')
    if (expiry === null || expiry <= nowS()) return refuse('STATUS_INVALID_DATE', 'Invalid date.')
    const isTrial = form.get('is_trial') === '1'
    if (!isTrial && !charge(caller, cost(nowS(), expiry))) {
      return refuse('STATUS_INSUFFICIENT_CREDITS', 'Not enough credits.')
    }
    const line = {
      id: String(nextId++),
      username,
      password,
      exp_date: String(expiry),
      max_connections: form.get('max_connections') ?? '1',
      is_trial: isTrial ? '1' : '0',
      enabled: '1',
      bouquet: bouquetOf(form),
      notes: form.get('notes') ?? '',
      contact: form.get('contact') ?? '',
      created_at: String(nowS()),
      owner: caller.key,
    } as const
    add({ ...line })
    return ok({ line_id: Number(line.id), username, password })
  }

  function editLine(caller: Caller, form: Params): Answer {
    if (!form.get('id')) return refuse('STATUS_INVALID_INPUT', 'A line id is required.')
    const line = find(caller, form.get('id'))
    if (!line) return refuse('STATUS_FAILURE', 'Line not found.')
    const expDate = form.get('exp_date')
    const expiry = expDate === null ? null : expirySeconds(expDate)
    if (expDate !== null && expiry === null) return refuse('STATUS_INVALID_DATE', 'Invalid date.')
    const isTrial = (form.get('is_trial') ?? line.is_trial) === '1'
    const paidFrom = Math.max(Number(line.exp_date), nowS())
    if (
      expiry !== null &&
      expiry > paidFrom &&
      !isTrial &&
      !charge(caller, cost(paidFrom, expiry))
    ) {
      return refuse('STATUS_INSUFFICIENT_CREDITS', 'Not enough credits.')
    }
    if (expiry !== null) line.exp_date = String(expiry)
    line.is_trial = isTrial ? '1' : '0'
    line.max_connections = form.get('max_connections') ?? line.max_connections
    line.password = form.get('password') || line.password
    if (form.has('bouquets_selected[]')) line.bouquet = bouquetOf(form)
    return ok()
  }

  function setEnabled(caller: Caller, form: Params, enabled: '0' | '1'): Answer {
    if (!form.get('id')) return refuse('STATUS_INVALID_INPUT', 'A line id is required.')
    const line = find(caller, form.get('id'))
    if (!line) return refuse('STATUS_FAILURE', 'Line not found.')
    line.enabled = enabled
    return ok()
  }

  /** A page of lines: `start` (default 0) and `limit` (default 50; below 1 or above 1000: 1000). */
  function getLines(caller: Caller, query: Params): Answer {
    const start = Math.max(0, Math.trunc(Number(query.get('start') ?? 0)) || 0)
    const asked = query.has('limit') ? Math.trunc(Number(query.get('limit'))) || 0 : 50
    const limit = asked < 1 || asked > 1000 ? 1000 : asked
    return ok(
      visibleTo(caller)
        .slice(start, start + limit)
        .map(present),
    )
  }

  function getLine(caller: Caller, query: Params): Answer {
    const line = find(caller, query.get('id'))
    return line ? ok(present(line)) : refuse('STATUS_FAILURE', 'Line not found.')
  }

  const userInfo = (caller: Caller): Answer =>
    ok(
      caller.isAdmin
        ? { username: 'admin', member_group_id: '1' }
        : { username: 'reseller', member_group_id: '2', credits: String(balance) },
    )

  // Who watches which line (live_connections, activity_logs): fake-panel-activity.ts.
  const viewers = createPanelViewers({
    usernameOf: (caller, lineId) => find(caller, lineId)?.username,
    // Lines are only ever added, so their count tells when the caller's lines may have changed.
    linesVersion: () => lines.length,
  })

  return {
    viewers,
    /** Runs one action: reads take the query, writes the form body (docs/supplier-panel.md §1). */
    run(action: string, caller: Caller, query: Params, form: Params): Answer {
      switch (action) {
        case 'user_info':
          return userInfo(caller)
        case 'get_line':
          return getLine(caller, query)
        case 'get_lines':
          return getLines(caller, query)
        case 'create_line':
          return createLine(caller, form)
        case 'edit_line':
          return editLine(caller, form)
        case 'enable_line':
          return setEnabled(caller, form, '1')
        case 'disable_line':
          return setEnabled(caller, form, '0')
        case 'live_connections':
          return viewers.liveConnections(caller, query)
        case 'activity_logs':
          return viewers.activityLogs(caller, query)
        default:
          return refuse('STATUS_FAILURE', 'Unknown action.')
      }
    },
    get lines(): FakeLine[] {
      return lines.map(present)
    },
    get credits() {
      return balance
    },
    setCredits: (next: number) => (balance = next),
    /** Lines someone made on the panel itself under `owner`'s key, which we know nothing of. */
    makeOnPanel(owner: string, usernames: string[]) {
      for (const username of usernames) {
        add({
          id: String(nextId++),
          username,
          password: `Pw${username}`,
          exp_date: String(nowS() + 30 * dayS),
          max_connections: '1',
          is_trial: '1',
          enabled: '1',
          bouquet: '[]',
          notes: '',
          contact: '',
          created_at: String(nowS()),
          owner,
        })
      }
    },
    /** Paid lines under `owner`'s key, each with its password `Pw{username}`; their panel ids. */
    seedPaidLines(owner: string, seeded: { username: string; expiresAt: Date }[]): string[] {
      return seeded.map(({ username, expiresAt }) => {
        const id = String(nextId++)
        add({
          id,
          username,
          password: `Pw${username}`,
          exp_date: String(Math.floor(expiresAt.getTime() / 1000)),
          max_connections: '1',
          is_trial: '0',
          enabled: '1',
          bouquet: '[3]',
          notes: '',
          contact: '',
          created_at: String(nowS()),
          owner,
        })
        return id
      })
    },
    /** Changes a line behind our back, as an admin on the panel would (drift). */
    editOnPanel(username: string, changes: Partial<Omit<FakeLine, 'id' | 'username'>>) {
      const line = lines.find((candidate) => candidate.username === username)
      if (!line) throw new Error(`No line ${username} on the fake panel`)
      Object.assign(line, changes)
    },
  }
}
