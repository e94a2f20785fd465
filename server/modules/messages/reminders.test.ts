import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { publicUrl, useMailServer } from '../../test/mail-server'
import { databaseKinds } from '../../test/test-server'
import { queueDueReminders } from './reminders.service'

const hour = 60 * 60 * 1000
const day = 24 * hour

describe.each(databaseKinds)('reminders before an end on %s', (kind) => {
  const t = useMailServer(kind)
  // A second process's connection: its own pool on PostgreSQL, the same database on PGlite.
  let other: Database | null = null
  const otherDb = () => other?.db ?? t.server.app.db
  beforeAll(async () => {
    if (kind === 'postgres') other = await openDatabase(t.server.app.config.database)
  })
  afterAll(() => other?.close())

  /** Both processes run the pass at the same moment; answers how many they queued together. */
  async function runTwice() {
    const counts = await Promise.all([
      queueDueReminders(t.server.app.db, t.now),
      queueDueReminders(otherDb(), t.now),
    ])
    return counts[0] + counts[1]
  }

  const kindsTo = async (email: string) => (await t.messagesTo(email)).map((row) => row.kind)

  function subscriber(endsIn: number, email: string) {
    return t.newPerson({
      email,
      subscriptionStatus: 'active',
      paidPlan: 'Family',
      subscriptionPrice: '9.99',
      subscriptionStartDate: t.now,
      subscriptionEndDate: new Date(t.now.getTime() + endsIn),
    })
  }

  it('sends each offset once with two processes running the job, then the message on expiry', async () => {
    const email = 'ladder@example.com'
    const end = t.now.getTime() + 8 * day
    await subscriber(8 * day, email)
    const at = (time: number) => t.travel((time - t.now.getTime()) / day)

    await at(end - 7 * day + 5 * 60_000)
    expect(await runTwice()).toBe(1)
    expect(await runTwice()).toBe(0)
    const [mail] = await t.flush()
    expect(mail?.subject).toBe(`Your ${t.server.app.config.brandName} subscription ends in 7 days`)
    // "Renew now" signs the customer in on their own page, with the renew panel open.
    expect(mail?.html).toMatch(
      new RegExp(`${publicUrl}/account/sign-in\\?token=[\\w-]{43}&amp;renew=1`),
    )
    expect(mail?.text).toContain('Renew now')
    expect(mail?.text).toContain('Manage your subscription')

    const subjectsAt = async (time: number) => {
      await at(time)
      expect(await runTwice()).toBe(1)
      expect(await runTwice()).toBe(0)
      return (await t.flush()).map((message) => message.subject)
    }
    const brand = t.server.app.config.brandName
    expect(await subjectsAt(end - 3 * day + hour)).toEqual([
      `Your ${brand} subscription ends in 3 days`,
    ])
    expect(await subjectsAt(end - day + hour)).toEqual([`Your ${brand} subscription ends in 1 day`])
    expect(await subjectsAt(end + hour)).toEqual([`Your ${brand} access has ended`])
    expect(await runTwice()).toBe(0)
    expect(await kindsTo(email)).toEqual([
      'subscription_reminder',
      'subscription_reminder',
      'subscription_reminder',
      'expiry_notice',
    ])
  })

  it('skips a reminder whose moment passed too long ago when the job first sees it', async () => {
    const email = 'late@example.com'
    // First seen 2 days before its end: neither the 7-day nor the 3-day reminder goes now.
    await subscriber(2 * day, email)
    expect(await runTwice()).toBe(0)
    await t.travel(1 + 1 / 24)
    expect(await runTwice()).toBe(1)
    expect(await kindsTo(email)).toEqual(['subscription_reminder'])
    const [row] = await t.messagesTo(email)
    expect(row?.variables.timeLeft).toBe('1 day')
  })

  it('reminds a trial with a line 3 hours before its end, and not a request never served', async () => {
    const served = await t.newPerson({ email: 'trial-served@example.com' })
    await t.newPerson({ email: 'trial-waiting@example.com' })
    await t.server.app.db.insert(m3uLines).values({
      trialRequestId: served.id,
      subscriptionType: 1,
      packageId: '3',
      m3uUrl: 'https://panel.example.com/get.php',
      isTrial: true,
    })
    // The default trial lasts 24 hours.
    await t.travel((20 * hour + 30 * 60_000) / day)
    expect(await runTwice()).toBe(0)
    await t.travel(hour / day)
    expect(await runTwice()).toBe(1)
    expect(await kindsTo('trial-served@example.com')).toEqual(['trial_reminder'])
    expect(await kindsTo('trial-waiting@example.com')).toEqual([])
    const arrived = await t.flush()
    expect(arrived.map((message) => message.subject)).toContain(
      `Your ${t.server.app.config.brandName} trial ends in 3 hours`,
    )
  })

  it('follows the offsets of the reminder settings, and refuses bad ones naming the field', async () => {
    const bad = await t.admin.put('/api/settings/reminders', {
      subscriptionReminderDays: [3, 3],
      trialReminderHours: [0],
      sendsExpiryMessage: true,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('Subscription reminders must not repeat a value')
    const saved = await t.admin.put('/api/settings/reminders', {
      subscriptionReminderDays: [2],
      trialReminderHours: [],
      sendsExpiryMessage: false,
    })
    expect(saved.status).toBe(200)
    expect((await t.admin.get('/api/settings/reminders')).body).toEqual(saved.body)

    const email = 'custom@example.com'
    await subscriber(2 * day - hour, email)
    expect(await runTwice()).toBe(1)
    await t.travel(2)
    expect(await runTwice()).toBe(0)
    expect(await kindsTo(email)).toEqual(['subscription_reminder'])
  })

  it('confirms a trial converted to paid, with its end date', async () => {
    const person = await t.newPerson({ email: 'converted@example.com' })
    const answer = await t.admin.post(`/api/trial-requests/${person.id}/convert-to-subscription`, {
      paidPlan: 'Family',
      subscriptionMonths: 3,
      subscriptionPrice: '29.97',
    })
    expect(answer.status).toBe(200)
    const arrived = await t.flush()
    const confirmation = arrived.find((message) =>
      message.subject?.startsWith(`Welcome to ${t.server.app.config.brandName} Family`),
    )
    expect(confirmation?.text).toContain(
      `Thank you for choosing ${t.server.app.config.brandName} Family.`,
    )
    // The conversion's price is a payment: its receipt goes too.
    expect((await kindsTo('converted@example.com')).sort()).toEqual([
      'payment_receipt',
      'subscription_started',
    ])
  })
})
