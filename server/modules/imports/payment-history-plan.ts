import { and, asc, desc, isNotNull, sql } from 'drizzle-orm'
import { normalizeEmail } from '../../../common/email-address'
import { toCents } from '../../../common/money'
import type { PaymentImportProblem } from '../../../common/payment-imports'
import { addCalendarMonths, renewalStart } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import type { ProgressReport } from './import-progress'
import type { ReadRow } from './payment-history-csv'

/** Someone the file pays for: a person we have, or one the import makes. */
export type PlannedPerson = {
  emailKey: string
  /** Our person's id; null for a person the import creates, until it has. */
  id: string | null
  isNew: boolean
  row: ReadRow
  /** Their paid plan before the import; null when the first imported payment converts them. */
  paidPlan: string | null
  end: Date | null
  payments: PlannedPayment[]
}

/** A payment to create, with the paid period it makes (docs/payments.md §9). */
export type PlannedPayment = {
  row: ReadRow
  planId: string
  planName: string
  amountMinor: number
  /** The person's first paid period: a conversion, not a renewal. */
  isConversion: boolean
  previousEnd: Date | null
  periodStart: Date
  newEnd: Date
}

export type ImportPlan = {
  people: PlannedPerson[]
  problems: PaymentImportProblem[]
  alreadyImported: number
}

// E-mails looked up per round trip, each round followed by a progress report.
const chunkSize = 5000

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize))
  return out
}

/** The identity of a payment across imports: (email, paidAt, amount, reference). */
const paymentKey = (email: string, paidAt: Date, amountMinor: number, reference?: string | null) =>
  `${email}\n${paidAt.getTime()}\n${amountMinor}\n${reference ?? ''}`

type PlanRow = { id: string; name: string; currency: string }

/** Plans by lowercase name: an active plan of that name first, then the oldest (as manual-payment). */
async function plansByName(db: Db): Promise<Map<string, PlanRow>> {
  const rows = await db
    .select({ id: plans.id, name: plans.name, currency: plans.currency })
    .from(plans)
    .orderBy(desc(plans.active), asc(plans.createdAt))
  const byName = new Map<string, PlanRow>()
  for (const row of rows) {
    const key = row.name.toLowerCase()
    if (!byName.has(key)) byName.set(key, row)
  }
  return byName
}

type PersonRow = {
  id: string
  emailKey: string
  paidPlan: string | null
  end: Date | null
  start: Date | null
}

/** One parameter for a whole list: drizzle's inArray binds, and builds, one per item. */
const anyOf = (values: string[], type: 'text' | 'uuid') =>
  sql`any(${sql.param(values)}::${sql.raw(type)}[])`

async function peopleByEmail(db: Db, emailKeys: string[], lock: boolean) {
  const query = db
    .select({
      id: trialRequests.id,
      emailKey: sql<string>`lower(${trialRequests.email})`,
      paidPlan: trialRequests.paidPlan,
      end: trialRequests.subscriptionEndDate,
      start: trialRequests.subscriptionStartDate,
    })
    .from(trialRequests)
    .where(sql`lower(${trialRequests.email}) = ${anyOf(emailKeys, 'text')}`)
  return lock ? query.for('update') : query
}

type Recorded = { keys: Set<string>; lastPaid: Map<string, Date> }

/** Adds the keys of the people's recorded payments, and when each last paid, to `recorded`. */
async function addRecordedPayments(db: Db, people: PersonRow[], recorded: Recorded) {
  if (people.length === 0) return
  const emailOf = new Map(people.map((person) => [person.id, person.emailKey]))
  const rows = await db
    .select({
      personId: payments.trialRequestId,
      paidAt: payments.paidAt,
      amountMinor: payments.amountMinor,
      reference: payments.reference,
      periodStart: payments.periodStart,
    })
    .from(payments)
    .where(
      and(
        sql`${payments.trialRequestId} = ${anyOf([...emailOf.keys()], 'uuid')}`,
        isNotNull(payments.paidAt),
      ),
    )
  for (const row of rows) {
    const key = paymentKey(emailOf.get(row.personId!)!, row.paidAt!, row.amountMinor, row.reference)
    recorded.keys.add(key)
    const last = recorded.lastPaid.get(row.personId!)
    if (row.periodStart && (!last || row.paidAt! > last)) {
      recorded.lastPaid.set(row.personId!, row.paidAt!)
    }
  }
}

/**
 * The people of these e-mails (several to an e-mail is the caller's problem to report), and
 * the payments recorded for those matched to one: a chunk of e-mails at a time, each chunk's
 * rows told to `onProgress` as checked.
 */
async function lookUp(db: Db, rows: ReadRow[], lock: boolean, onProgress: ProgressReport) {
  const rowsOf = new Map<string, number>()
  for (const row of rows) {
    const key = normalizeEmail(row.email)
    rowsOf.set(key, (rowsOf.get(key) ?? 0) + 1)
  }
  const byEmail = new Map<string, PersonRow[]>()
  const recorded: Recorded = { keys: new Set(), lastPaid: new Map() }
  let checked = 0
  for (const part of chunks([...rowsOf.keys()])) {
    const found = await peopleByEmail(db, part, lock)
    for (const person of found) {
      byEmail.set(person.emailKey, [...(byEmail.get(person.emailKey) ?? []), person])
    }
    const matched = part.flatMap((key) => {
      const people = byEmail.get(key) ?? []
      return people.length === 1 ? people : []
    })
    await addRecordedPayments(db, matched, recorded)
    checked += part.reduce((sum, key) => sum + rowsOf.get(key)!, 0)
    onProgress(checked, rows.length)
  }
  return { byEmail, recorded }
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * What importing these rows does, decided against the database as it is: each row's plan and
 * person, the rows imported before (skipped), the problems that stop the import, and for each
 * person their new paid periods, chained in paidAt order as the settle step chains them: a period
 * starts at the previous end while that is still ahead, else when the money came in. History is
 * only added after a person's last recorded payment, so the chain never runs under a later one.
 */
export async function planPaymentHistory(
  db: Db,
  rows: ReadRow[],
  { now, lock, onProgress = () => {} }: { now: Date; lock: boolean; onProgress?: ProgressReport },
): Promise<ImportPlan> {
  const problems: PaymentImportProblem[] = []
  const problem = (row: ReadRow, field: string | null, message: string) =>
    problems.push({ line: row.line, field, message })
  const planOf = await plansByName(db)
  const { byEmail, recorded } = await lookUp(db, rows, lock, onProgress)

  const people = new Map<string, PlannedPerson>()
  const seen = new Map<string, number>()
  let alreadyImported = 0
  const ordered = [...rows].sort((a, b) => +a.paidAt - +b.paidAt || a.line - b.line)
  for (const row of ordered) {
    const emailKey = normalizeEmail(row.email)
    const amountMinor = toCents(row.amount)!
    const key = paymentKey(emailKey, row.paidAt, amountMinor, row.reference)
    const plan = planOf.get(row.plan.toLowerCase())
    const found = byEmail.get(emailKey) ?? []
    const existing = found.length === 1 ? found[0]! : null
    const repeated = seen.get(key)
    if (repeated !== undefined) {
      problem(row, null, `repeats line ${repeated}: the same email, paidAt, amount and reference`)
      continue
    }
    seen.set(key, row.line)
    if (recorded.keys.has(key)) {
      alreadyImported += 1
      continue
    }
    if (row.paidAt > now) problem(row, 'paidAt', 'paidAt must not be in the future')
    if (!plan) problem(row, 'plan', `plan: no plan is named "${row.plan}"`)
    else if (plan.currency.toUpperCase() !== row.currency) {
      problem(row, 'currency', `currency: the plan "${plan.name}" is priced in ${plan.currency}`)
    }
    if (found.length > 1) {
      const message = `email: ${found.length} people have this e-mail; record their payments on the right person's page`
      problem(row, 'email', message)
    }
    const since = existing && (recorded.lastPaid.get(existing.id) ?? existing.start)
    if (since && row.paidAt < since) {
      const message = `paidAt: this person's recorded history runs to ${day(since)}; only later payments can be imported`
      problem(row, 'paidAt', message)
    }
    if (!plan || found.length > 1 || row.paidAt > now || (since && row.paidAt < since)) continue
    const personKey = existing?.id ?? emailKey
    const person = people.get(personKey) ?? {
      emailKey,
      id: existing?.id ?? null,
      isNew: !existing,
      row,
      paidPlan: existing?.paidPlan ?? null,
      end: existing?.end ?? null,
      payments: [],
    }
    people.set(personKey, person)
    const previous = person.payments.at(-1)
    const isConversion = !person.paidPlan && !previous
    const previousEnd = previous ? previous.newEnd : person.end
    const periodStart = isConversion ? row.paidAt : renewalStart(previousEnd, row.paidAt)
    person.payments.push({
      row,
      planId: plan.id,
      planName: plan.name,
      amountMinor,
      isConversion,
      previousEnd: isConversion ? null : previousEnd,
      periodStart,
      newEnd: addCalendarMonths(periodStart, row.months),
    })
  }
  return { people: [...people.values()], problems, alreadyImported }
}
