import { eq } from 'drizzle-orm'
import { reminderKinds, type MessageKind, type TemplateValues } from '../../../common/messages'
import { xtreamServerUrl } from '../../../common/m3u'
import { screensLabel } from '../../../common/plans'
import { payNowParam, renewParam, renewPlanParam } from '../../../common/customer-account'
import { appRoutes, supportTicketPath } from '../../../common/routes'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import type { outboxMessages } from '../../db/schema/outbox-messages'
import { trialRequests } from '../../db/schema/trial-requests'
import { personScreens } from '../plans/plan-connections'
import { renewalPlanOf } from '../plans/renewal-plan'
import { keptUsername } from './outbox.service'
import { mintSignInPath } from '../sign-in-links/sign-in-links.service'
import { siteOrigin } from '../../lib/site-origin'
import { withoutLinks } from './unlinked-text'

type OutboxRow = typeof outboxMessages.$inferSelect

/** A message that can never be sent as it is (its line is gone): failed at once, not retried. */
export class UnsendableError extends Error {}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
})
const day = 24 * 60 * 60 * 1000
const week = 7 * day

/**
 * The end as the customer can trust it: an end under a week away (a trial, the last days) to
 * the minute with its zone, as "30 November 2026, 09:15 UTC"; a farther one by its date.
 */
function endText(end: Date, now: Date): string {
  const left = end.getTime() - now.getTime()
  const date = dateFormat.format(end)
  return left > 0 && left < week ? `${date}, ${timeFormat.format(end)} UTC` : date
}

function endValues(end: Date | null, now: Date): TemplateValues {
  if (!end) return {}
  return {
    endDate: endText(end, now),
    daysLeft: String(Math.max(0, Math.ceil((end.getTime() - now.getTime()) / day))),
  }
}

export function ticketUrl(config: Config, ticketId: string): string {
  return `${siteOrigin(config)}${supportTicketPath(ticketId)}`
}

/** Where a reminder's button leads when it has no person to sign in: the plans and prices. */
const plansUrl = (config: Config) => `${siteOrigin(config)}${appRoutes.plans}`

/**
 * The customer's links, minted as the message is sent (a token never waits in the outbox): every
 * message to a person carries one that signs them in to their page ("Manage your subscription",
 * 7 days, once), and a reminder's "Renew now" is the same link opening the renew panel. A
 * sign-in link they asked for works for 30 minutes.
 */
async function accountLinks(
  db: Db,
  row: OutboxRow,
  person: { id: string; email: string; paidPlan: string | null },
  config: Config,
  now: Date,
): Promise<TemplateValues> {
  const isSignIn = (row.kind as MessageKind) === 'account_sign_in'
  // An e-mail's link is bound to the address it goes to; a chat's, to the person's address now.
  const bound = { id: person.id, email: row.channel === 'email' ? row.recipient : person.email }
  const path = await mintSignInPath(db, bound, isSignIn ? 'sign_in' : 'email_link', now)
  const accountUrl = `${siteOrigin(config)}${path}`
  if (!isReminder(row.kind)) return { accountUrl }
  return {
    accountUrl,
    renewUrl: `${accountUrl}&${renewParam}=1${await oneTapQuery(db, row, person)}`,
  }
}

/**
 * A last reminder's one-tap button (oneTap, captured when queued): the same link, naming the plan
 * the customer pays for and asking the page to start its checkout once signed in (decision 0063).
 */
async function oneTapQuery(
  db: Db,
  row: OutboxRow,
  person: { id: string; paidPlan: string | null },
): Promise<string> {
  if (row.variables.oneTap !== 'true') return ''
  // A plan waiting in auto_renewals starts only with automatic renewal on, which these lack.
  const plan = await renewalPlanOf(db, { ...person, scheduledPlanId: null })
  if (!plan?.active) return ''
  return `&${renewPlanParam}=${encodeURIComponent(plan.id)}&${payNowParam}=1`
}

/**
 * A receipt's or a refund's figures, captured when its payment settled or its refund was done,
 * and the username a confirmation says stays the same (keptUsername).
 */
function capturedValues(captured: Record<string, string>): TemplateValues {
  const names = [
    'receiptNumber',
    'amount',
    'period',
    'username',
    'daysAdded',
    'creditsReason',
    'screens',
    'cardLabel',
    'payUrl',
  ] as const
  return Object.fromEntries(
    names.filter((name) => captured[name]).map((name) => [name, captured[name]]),
  )
}

const isReminder = (kind: string) => (reminderKinds as readonly string[]).includes(kind)

// These say the login stays the same only while the person has one (keptUsername), read when
// sent: a line made or gone since the message was queued is what they find.
const keepsLogin: readonly string[] = [
  'subscription_reminder',
  'trial_reminder',
  'expiry_notice',
  'compensation_days',
] satisfies MessageKind[]

const firstWord = (name: string | undefined) => name?.trim().split(/\s+/)[0] ?? ''

/**
 * The values a message is rendered with when it is sent: what its cause captured, the brand and
 * links of this installation, and for a login the line as it is now. What the customer wrote
 * (their name, a ticket's subject) comes without links (unlinked-text.ts).
 */
export async function messageValues(
  db: Db,
  row: OutboxRow,
  config: Config,
  now: Date,
): Promise<{ values: TemplateValues; device: string | null }> {
  const captured = row.variables
  const values: TemplateValues = {
    brandName: config.brandName,
    firstName: withoutLinks(firstWord(captured.customerName)),
    ...(captured.planName ? { planName: captured.planName } : {}),
    ...(captured.ticketSubject ? { ticketSubject: withoutLinks(captured.ticketSubject) } : {}),
    ...(captured.replyText ? { replyText: captured.replyText } : {}),
    ...(captured.timeLeft ? { timeLeft: captured.timeLeft } : {}),
    ...capturedValues(captured),
    ...(isReminder(row.kind) ? { renewUrl: plansUrl(config) } : {}),
    ...(row.ticketId ? { ticketUrl: ticketUrl(config, row.ticketId) } : {}),
    ...endValues(captured.endAt ? new Date(captured.endAt) : null, now),
  }
  let device: string | null = null
  if (row.trialRequestId) {
    const [person] = await db
      .select({
        firstName: trialRequests.firstName,
        email: trialRequests.email,
        device: trialRequests.device,
        plan: trialRequests.plan,
        paidPlan: trialRequests.paidPlan,
      })
      .from(trialRequests)
      .where(eq(trialRequests.id, row.trialRequestId))
    if (person) {
      values.firstName = withoutLinks(person.firstName)
      values.planName ??= person.paidPlan ?? person.plan
      device = person.device
      if (keepsLogin.includes(row.kind)) {
        const username = await keptUsername(db, row.trialRequestId)
        if (username) values.username = username
      }
      Object.assign(
        values,
        await accountLinks(db, row, { id: row.trialRequestId, ...person }, config, now),
      )
    }
  }
  if ((row.kind as MessageKind) === 'line_login') {
    const [line] = row.lineId
      ? await db.select().from(m3uLines).where(eq(m3uLines.id, row.lineId))
      : []
    if (!line?.username || !line.password) throw new UnsendableError('The line no longer exists')
    const screens = await personScreens(db, line, values.planName ?? null)
    Object.assign(values, {
      username: line.username,
      password: line.password,
      m3uUrl: line.m3uUrl,
      serverUrl: xtreamServerUrl(line.m3uUrl),
      screens: screensLabel(screens),
      ...endValues(line.expiresAt, now),
    })
  }
  return { values, device }
}
