import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { m3uLines } from '../../db/schema/m3u-lines'
import { useMailServer } from '../../test/mail-server'
import { insertPendingPayment } from '../../test/payment-fixtures'
import { postgresOnly } from '../../test/test-server'
import { settlePayment } from './settle-payment'
import { systemPaymentContext } from './payment-context'

const stays = 'Your login stays the same'
const ready = 'login is ready'

// Issue 44, item 4: after any change the customer hears one story about their login: "stays the
// same" only when the username and password stay; the new details otherwise, once.
describe.each(postgresOnly)('one story about the login on %s', (kind) => {
  const t = useMailServer(kind)
  const db = () => t.server.app.db
  const paid = (amountMinor: number) => ({
    amountMinor,
    currency: 'EUR',
    providerPaymentId: 'pi_login_story',
    via: 'stripe' as const,
  })
  const lineOf = async (personId: string) =>
    (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId)))[0]

  /** What the customer read once the outbox ran: every e-mail to them after `since`. */
  async function mailsAfter(email: string, since: number) {
    await t.flush()
    return t.smtp.received
      .slice(since)
      .filter((mail) => [mail.to ?? []].flat().some((to) => to.text.includes(email)))
      .map((mail) => `${mail.subject}\n${mail.text}`)
  }
  const aboutLogin = (mails: string[]) =>
    mails.filter((mail) => mail.includes(stays) || mail.includes(ready))

  it('a trial paid before its line was made: no "stays the same", then the new login once', async () => {
    const person = await t.newPerson({ email: `no-line-${Date.now()}@example.com` })
    const since = t.smtp.received.length
    const payment = await insertPendingPayment(db(), { trialRequestId: person.id })
    expect(
      await settlePayment(systemPaymentContext(t.server.app), payment.id, paid(2997)),
    ).toMatchObject({
      status: 'paid',
    })
    await t.until(async () => (await lineOf(person.id))?.supplierId != null)
    const line = (await lineOf(person.id))!

    const mails = await mailsAfter(person.email, since)
    expect(mails.some((mail) => mail.includes('Thank you for choosing'))).toBe(true)
    expect(aboutLogin(mails)).toEqual([expect.stringContaining(line.username!)])
    expect(aboutLogin(mails)[0]).toContain(ready)
  })

  it('a trial paid with its line made: "stays the same" with the username, and no new login', async () => {
    const person = await t.newPerson({ email: `with-line-${Date.now()}@example.com` })
    const made = await t.admin.post(`/api/trial-requests/${person.id}/line`, {})
    expect(made.status).toBe(201)
    const line = (await lineOf(person.id))!
    await mailsAfter(person.email, 0)
    const since = t.smtp.received.length

    const payment = await insertPendingPayment(db(), { trialRequestId: person.id })
    await settlePayment(systemPaymentContext(t.server.app), payment.id, paid(2997))
    await t.until(async () => (await lineOf(person.id))?.isTrial === false)

    const mails = await mailsAfter(person.email, since)
    expect(aboutLogin(mails)).toEqual([
      expect.stringContaining(
        `${stays} as during your trial (${line.username}): there is nothing to change on your devices.`,
      ),
    ])
    expect((await lineOf(person.id))!.username).toBe(line.username)
  })

  it('a renewal onto another plan keeps the line: "stays the same", once', async () => {
    const person = await t.newPerson({ email: `renewal-${Date.now()}@example.com` })
    expect((await t.admin.post(`/api/trial-requests/${person.id}/line`, {})).status).toBe(201)
    const first = await insertPendingPayment(db(), { trialRequestId: person.id })
    await settlePayment(systemPaymentContext(t.server.app), first.id, paid(2997))
    const line = (await lineOf(person.id))!
    await mailsAfter(person.email, 0)
    const since = t.smtp.received.length

    const renewal = await insertPendingPayment(db(), {
      trialRequestId: person.id,
      planName: 'Starter',
      months: 1,
      amountMinor: 999,
    })
    await settlePayment(systemPaymentContext(t.server.app), renewal.id, paid(999))
    const mails = await mailsAfter(person.email, since)
    expect(aboutLogin(mails)).toEqual([expect.stringContaining(`Thank you for renewing Starter.`)])
    expect(aboutLogin(mails)[0]).toContain(`${stays} (${line.username})`)
  })
})
