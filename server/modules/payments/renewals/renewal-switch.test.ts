import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditSentenceText, describeAuditEntry } from '../../../../common/audit-sentences'
import { auditLog } from '../../../db/schema/audit-log'
import { autoRenewals } from '../../../db/schema/auto-renewals'
import { discounts } from '../../../db/schema/discounts'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import { signedInCustomer } from '../../../test/customer-fixtures'
import { insertOpenRenewal, insertRenewingPerson } from '../../../test/renewal-fixtures'
import { postgresOnly, useAdminServer } from '../../../test/test-server'
import { presentAuditEntries } from '../../audit/audit.service'
import { renewalGroup } from '../../settings/settings.service'

const card = () => ({ customerId: `cus_${crypto.randomUUID()}`, paymentMethodId: 'pm_saved' })

// The customer (and staff) turn automatic renewal on or off: off charges nothing more and keeps
// the line to the paid end; on needs a saved card; a retention code is offered once.
describe.each(postgresOnly)('turning automatic renewal on and off, on %s', (kind) => {
  const t = useAdminServer(kind)
  const db = () => t.server.app.db

  const choiceOf = async (personId: string) =>
    (await db().select().from(autoRenewals).where(eq(autoRenewals.trialRequestId, personId)))[0]
  const trailOf = (personId: string) =>
    db().select().from(auditLog).where(eq(auditLog.entityId, personId))

  async function setRetentionCode(code: string) {
    await renewalGroup.save(
      db(),
      { renewalNoticeDays: 3, renewalGraceDays: 3, retentionDiscountCode: code },
      new Date(),
    )
  }

  it('turns it off with a reason, keeps the paid end, and stops the open renewal from charging', async () => {
    await setRetentionCode('')
    const renewing = await insertRenewingPerson(db(), {
      card: card(),
      renewal: { autoRenew: true, status: 'retrying' },
    })
    const { person, end } = renewing
    const open = await insertOpenRenewal(db(), renewing, new Date(Date.now() + 86_400_000))
    const customer = await signedInCustomer(t.server, person)
    const answer = await customer.post('/api/account/renewal', {
      autoRenew: false,
      reason: 'too_expensive',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.offer).toBeNull()
    expect(answer.body.renewal).toMatchObject({
      autoRenew: false,
      status: 'off',
      nextChargeAt: null,
      nextAttemptAt: null,
    })
    const [closed] = await db().select().from(payments).where(eq(payments.id, open.id))
    expect(closed).toMatchObject({ status: 'failed', retryAt: null })
    expect(await choiceOf(person.id)).toMatchObject({
      autoRenew: false,
      status: 'off',
      turnedOffBy: 'customer',
      turnedOffReason: 'too_expensive',
    })
    const account = await customer.get('/api/account')
    expect(new Date(account.body.subscription.endsAt).getTime()).toBe(end.getTime())
    expect(await trailOf(person.id)).toEqual([
      expect.objectContaining({
        actorUsername: 'customer',
        action: 'trial_request.renewal',
        details: { autoRenew: false, reason: 'too_expensive' },
      }),
    ])
    const [sentence] = (await presentAuditEntries(db(), await trailOf(person.id))).map((entry) =>
      auditSentenceText(describeAuditEntry(entry)),
    )
    expect(sentence).toBe(
      `The customer turned off automatic renewal for ${person.name} (It is too expensive)`,
    )
  })

  it('waits for a charge in flight before turning off, so nothing is charged after the stop', async () => {
    await setRetentionCode('')
    const renewing = await insertRenewingPerson(db(), {
      card: card(),
      renewal: { autoRenew: true, status: 'active' },
    })
    const { person } = renewing
    const open = await insertOpenRenewal(db(), renewing)
    // The round has asked Stripe and not recorded the answer yet.
    await db()
      .insert(renewalAttempts)
      .values({ paymentId: open.id, number: 1, attemptedAt: new Date() })
    const customer = await signedInCustomer(t.server, person)
    const refused = await customer.post('/api/account/renewal', { autoRenew: false })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Your renewal is being charged right now. Try again in a minute: if it was paid, turning automatic renewal off then stops the next one.',
    )
    expect(await choiceOf(person.id)).toMatchObject({ autoRenew: true, status: 'active' })
    expect((await db().select().from(payments).where(eq(payments.id, open.id)))[0]!.status).toBe(
      'pending',
    )
    expect(await trailOf(person.id)).toEqual([])

    // Stripe's answer recorded (declined here): turning off closes the renewal.
    await db()
      .update(renewalAttempts)
      .set({ outcome: 'declined', code: 'insufficient_funds', decidedAt: new Date() })
      .where(eq(renewalAttempts.paymentId, open.id))
    expect((await customer.post('/api/account/renewal', { autoRenew: false })).status).toBe(200)
    expect((await db().select().from(payments).where(eq(payments.id, open.id)))[0]!.status).toBe(
      'failed',
    )
  })

  it('refuses a reason it does not know, naming the field, and changes nothing', async () => {
    const { person } = await insertRenewingPerson(db(), { card: card() })
    const customer = await signedInCustomer(t.server, person)
    const answer = await customer.post('/api/account/renewal', {
      autoRenew: false,
      reason: 'bored',
    })
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('reason')
    expect(await choiceOf(person.id)).toMatchObject({ autoRenew: true, status: 'active' })
  })

  it('turns it on only with a saved card, in words for a person', async () => {
    const { person } = await insertRenewingPerson(db(), { renewal: null })
    const customer = await signedInCustomer(t.server, person)
    const refused = await customer.post('/api/account/renewal', { autoRenew: true })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/save a card first/)
    expect(await choiceOf(person.id)).toBeUndefined()

    const withCard = await insertRenewingPerson(db(), {
      card: card(),
      renewal: { autoRenew: false },
    })
    const other = await signedInCustomer(t.server, withCard.person)
    const on = await other.post('/api/account/renewal', { autoRenew: true })
    expect(on.status).toBe(200)
    expect(on.body.renewal).toMatchObject({
      autoRenew: true,
      status: 'active',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
    })
  })

  it('offers the retention code once before turning off, then turns off when asked again', async () => {
    await db()
      .insert(discounts)
      .values({ name: 'Stay with us', code: 'STAY20', percentage: '20' })
      .onConflictDoNothing()
    await setRetentionCode('stay20')
    const { person } = await insertRenewingPerson(db(), { card: card() })
    const customer = await signedInCustomer(t.server, person)
    const first = await customer.post('/api/account/renewal', {
      autoRenew: false,
      reason: 'too_expensive',
    })
    expect(first.status).toBe(200)
    expect(first.body.offer).toEqual({ code: 'STAY20', description: '20% off' })
    expect(first.body.renewal).toMatchObject({ autoRenew: true, status: 'active' })
    expect(await choiceOf(person.id)).toMatchObject({
      autoRenew: true,
      retentionOfferedAt: expect.any(Date),
    })
    expect(await trailOf(person.id)).toEqual([])

    const again = await customer.post('/api/account/renewal', { autoRenew: false })
    expect(again.body).toMatchObject({ offer: null, renewal: { autoRenew: false } })

    // Once per person: on again and off again, no second offer.
    await customer.post('/api/account/renewal', { autoRenew: true })
    const later = await customer.post('/api/account/renewal', { autoRenew: false })
    expect(later.body).toMatchObject({ offer: null, renewal: { autoRenew: false } })
  })

  it('skips the offer when the customer confirms, or when the code is paused', async () => {
    await setRetentionCode('STAY20')
    const { person } = await insertRenewingPerson(db(), { card: card() })
    const customer = await signedInCustomer(t.server, person)
    const confirmed = await customer.post('/api/account/renewal', {
      autoRenew: false,
      confirm: true,
    })
    expect(confirmed.body).toMatchObject({ offer: null, renewal: { autoRenew: false } })

    await db().update(discounts).set({ active: false }).where(eq(discounts.code, 'STAY20'))
    const paused = await insertRenewingPerson(db(), { card: card() })
    const other = await signedInCustomer(t.server, paused.person)
    const off = await other.post('/api/account/renewal', { autoRenew: false })
    expect(off.body).toMatchObject({ offer: null, renewal: { autoRenew: false } })
    await setRetentionCode('')
  })

  it('lets staff turn it off and on, in their name in the trail', async () => {
    const { person } = await insertRenewingPerson(db(), { card: card() })
    const off = await t.admin.post(`/api/trial-requests/${person.id}/renewal`, {
      autoRenew: false,
    })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ autoRenew: false, status: 'off', attempts: [] })
    expect(await choiceOf(person.id)).toMatchObject({ turnedOffBy: 'owner' })
    const on = await t.admin.post(`/api/trial-requests/${person.id}/renewal`, { autoRenew: true })
    expect(on.body).toMatchObject({ autoRenew: true, status: 'active' })
    const trail = await trailOf(person.id)
    expect(trail.map((entry) => [entry.actorUsername, entry.details])).toEqual(
      expect.arrayContaining([
        ['owner', { autoRenew: false }],
        ['owner', { autoRenew: true }],
      ]),
    )
    const missing = await t.admin.post(`/api/trial-requests/${crypto.randomUUID()}/renewal`, {
      autoRenew: false,
    })
    expect(missing.status).toBe(404)
  })
})
