import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { stripeCustomers } from '../../db/schema/stripe-customers'
import { publicUrl, useMailServer } from '../../test/mail-server'
import { databaseKinds } from '../../test/test-server'
import { queueCardExpiryNotices } from './card-expiry-notices'

const hour = 60 * 60 * 1000
const day = 24 * hour

// A card that expires before the next automatic charge: one e-mail, a week before that charge,
// asking for a new card, whichever processes run the pass and however often.
describe.each(databaseKinds)('the card expiring before a renewal, on %s', (kind) => {
  const t = useMailServer(kind)
  let other: Database | null = null
  const otherDb = () => other?.db ?? t.server.app.db
  beforeAll(async () => {
    if (kind === 'postgres') other = await openDatabase(t.server.app.config.database)
  })
  afterAll(() => other?.close())

  const runTwice = async () => {
    const counts = await Promise.all([
      queueCardExpiryNotices(t.server.app.db, t.now),
      queueCardExpiryNotices(otherDb(), t.now),
    ])
    return counts[0] + counts[1]
  }
  const kindsTo = async (email: string) => (await t.messagesTo(email)).map((row) => row.kind)

  /** Renewing automatically, ending in `endsIn`, with a Visa ending 4242 expiring `exp`. */
  async function renewing(email: string, endsIn: number, exp: { month: number; year: number }) {
    const person = await t.newPerson({
      email,
      subscriptionStatus: 'active',
      paidPlan: 'Family',
      subscriptionPrice: '9.99',
      subscriptionStartDate: t.now,
      subscriptionEndDate: new Date(t.now.getTime() + endsIn),
    })
    const db = t.server.app.db
    await db.insert(stripeCustomers).values({
      trialRequestId: person.id,
      customerId: `cus_${crypto.randomUUID()}`,
      paymentMethodId: `pm_${crypto.randomUUID()}`,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: exp.month,
      cardExpYear: exp.year,
    })
    await db
      .insert(autoRenewals)
      .values({ trialRequestId: person.id, autoRenew: true, status: 'active' })
    return person
  }
  /** The card's month and year `ms` from now (UTC). */
  const monthOf = (ms: number) => {
    const date = new Date(t.now.getTime() + ms)
    return { month: date.getUTCMonth() + 1, year: date.getUTCFullYear() }
  }

  it('asks once for a new card a week before the charge, with a link that signs in', async () => {
    // The charge is a day before the end, 40 days away; the card ends 3 months before.
    const email = 'expiring@example.com'
    await renewing(email, 40 * day, monthOf(-90 * day))
    expect(await runTwice()).toBe(0)

    await t.travel(40 - 1 - 7 + 0.1)
    expect(await runTwice()).toBe(1)
    expect(await runTwice()).toBe(0)
    const [mail] = await t.flush()
    expect(mail?.subject).toBe(
      `Your card expires before your ${t.server.app.config.brandName} renewal`,
    )
    expect(mail?.text).toContain('your Visa •••• 4242 expires before then')
    expect(mail?.text).toContain('Update card')
    expect(mail?.html).toMatch(new RegExp(`${publicUrl}/account/sign-in\\?token=[\\w-]{43}`))
    await t.travel(3)
    expect(await runTwice()).toBe(0)
    expect(await kindsTo(email)).toEqual(['card_expiring'])
  })

  it('says nothing of a card still valid at the charge, or when renewal is off', async () => {
    await renewing('valid@example.com', 5 * day, monthOf(60 * day))
    const off = await renewing('off@example.com', 5 * day, monthOf(-60 * day))
    await t.server.app.db
      .update(autoRenewals)
      .set({ autoRenew: false, status: 'off' })
      .where(eq(autoRenewals.trialRequestId, off.id))
    expect(await runTwice()).toBe(0)
    expect(await kindsTo('valid@example.com')).toEqual([])
    expect(await kindsTo('off@example.com')).toEqual([])
  })
})
