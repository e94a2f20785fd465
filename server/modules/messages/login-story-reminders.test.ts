import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { useMailServer } from '../../test/mail-server'
import { postgresOnly } from '../../test/test-server'

const hour = 60 * 60_000
const day = 24 * hour
const stays = /stays the same|same login/

// Issue 44, item 4: "stays the same" only when the username and password are unchanged, the new
// details otherwise, once. Reminders and the access-ended message read the login when they are
// sent: a customer with none (an imported one, a trial whose line was never made) is promised
// nothing about it.
describe.each(postgresOnly)('the login in reminders, on %s', (kind) => {
  const t = useMailServer(kind)
  const db = () => t.server.app.db
  const lineOf = async (personId: string) =>
    (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId)))[0]

  /** Every e-mail to `email` from `since` on, subject and text, once the outbox ran. */
  async function mailsTo(email: string, since: number) {
    await t.flush()
    return t.smtp.received
      .slice(since)
      .filter((mail) => [mail.to ?? []].flat().some((to) => to.text.includes(email)))
      .map((mail) => `${mail.subject}\n${mail.text}`)
  }
  /** A paying customer whose subscription ends in a little under three days. */
  async function payingCustomer(withLine: boolean) {
    const person = await t.newPerson({ email: `story-${randomUUID()}@example.com` })
    if (withLine) {
      expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)
    }
    await db()
      .update(trialRequests)
      .set({
        subscriptionStatus: 'active',
        paidPlan: 'Family',
        subscriptionStartDate: new Date(t.now.getTime() - 27 * day),
        subscriptionEndDate: new Date(t.now.getTime() + 3 * day - hour),
      })
      .where(eq(trialRequests.id, person.id))
    return person
  }

  it('a reminder and the access-ended message say the login stays only to a customer who has one', async () => {
    const saved = await t.admin.put('/api/settings/reminders', {
      subscriptionReminderDays: [3],
      trialReminderHours: [24],
      sendsExpiryMessage: true,
    })
    expect(saved.status).toBe(200)
    const since = t.smtp.received.length
    const lineless = await payingCustomer(false)
    const lined = await payingCustomer(true)
    const username = (await lineOf(lined.id))!.username!

    const remindedLineless = await mailsTo(lineless.email, since)
    const remindedLined = (await mailsTo(lined.email, since)).filter((mail) =>
      mail.startsWith('Your StreamLine subscription ends in'),
    )
    expect(remindedLineless).toHaveLength(1)
    expect(remindedLineless[0]).toContain('Renew before then and keep watching without a break.')
    expect(remindedLineless[0]).not.toMatch(stays)
    expect(remindedLined).toHaveLength(1)
    expect(remindedLined[0]).toContain(
      `keep watching without a break: your login stays the same (${username}).`,
    )

    await t.travel(3)
    const afterEnd = t.smtp.received.length
    const endedLineless = await mailsTo(lineless.email, afterEnd)
    const endedLined = await mailsTo(lined.email, afterEnd)
    expect(endedLineless).toEqual([expect.stringContaining('Your StreamLine access has ended')])
    expect(endedLineless[0]).toContain('(the button signs you in).')
    expect(endedLineless[0]).not.toMatch(stays)
    expect(endedLined).toEqual([expect.stringContaining('Your StreamLine access has ended')])
    expect(endedLined[0]).toContain(
      `your access comes back with the same login (${username}) and device settings.`,
    )
  })

  it('a new password is told once, with the new details, and nothing says the old login stays', async () => {
    const person = await payingCustomer(true)
    await mailsTo(person.email, 0)
    const before = (await lineOf(person.id))!
    const since = t.smtp.received.length

    const reset = await t.admin.post(`/api/trial-requests/${person.id}/line/reset-password`, {})
    expect(reset.status).toBe(200)
    const after = (await lineOf(person.id))!
    expect(after.password).not.toBe(before.password)

    // The 3-day reminder is due too: what it says of the login names the username, unchanged.
    const mails = await mailsTo(person.email, since)
    const logins = mails.filter((mail) => mail.startsWith('Your StreamLine login is ready'))
    expect(logins).toHaveLength(1)
    expect(logins[0]).toContain(after.password!)
    expect(mails.filter((mail) => mail.includes(before.password!))).toEqual([])
    expect(after.username).toBe(before.username)
    for (const mail of mails.filter((text) => stays.test(text))) {
      expect(mail).toContain(`(${after.username})`)
    }
  })
})
