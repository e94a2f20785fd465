import type { FakeStripe } from '../../server/test/fake-stripe'
import type { StripeEvent } from '../../server/test/fake-stripe-objects'
import type { createClient } from '../../server/test/http-client'

type Client = ReturnType<typeof createClient>

/** A trial customer who has paid at Stripe, with the event that says so, not yet delivered. */
export type PaidCheckout = {
  paymentId: string
  personId: string
  /** Their line's username on the panel, and its trial expiry there (Unix seconds). */
  username: string
  trialExpiryS: number
  event: StripeEvent
}

type SeedContext = {
  /** Signed-in admins, one per process; the work is spread over them. */
  admins: Client[]
  stripe: FakeStripe
  planId: string
  /** The panel's expiry of a line, by username. */
  panelExpiry: (username: string) => number | null
}

const expect = (what: string, answer: { status: number; body: unknown }, status: number[]) => {
  if (!status.includes(answer.status)) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`)
  }
}

/**
 * One customer, through the real API: their trial request (from an address of their own, as
 * behind a proxy), their trial line on the panel, a Stripe checkout an admin makes for them (so
 * the session exists at Stripe), then their payment on Stripe's page, whose event is kept back.
 */
async function seedOne(context: SeedContext, index: number): Promise<PaidCheckout> {
  const admin = context.admins[index % context.admins.length]!
  const request = await admin.request('POST', '/api/trial-requests', {
    firstName: 'Grace',
    lastName: `Payer${index}`,
    email: `payer.${index}@example.com`,
    plan: 'Starter',
  })
  expect('trial request', request, [201])
  const personId: string = request.body.id
  const line = await admin.post(`/api/trial-requests/${personId}/line`, {})
  expect('trial line', line, [201])
  const username: string = line.body.username
  const checkout = await admin.post(`/api/trial-requests/${personId}/checkout`, {
    planId: context.planId,
    provider: 'stripe',
  })
  expect('checkout', checkout, [201])
  const sessionId = new URL(checkout.body.checkoutUrl as string).pathname.split('/').at(-1)!
  // With no webhook URL set, the fake records the event without delivering it.
  await context.stripe.pay(sessionId)
  const event = context.stripe.state.events.findLast(
    (candidate) => (candidate.data.object as { id: string }).id === sessionId,
  )!
  const trialExpiryS = context.panelExpiry(username)
  if (trialExpiryS === null) throw new Error(`no line ${username} on the panel`)
  return { paymentId: checkout.body.paymentId, personId, username, trialExpiryS, event }
}

/** `count` paid checkouts numbered from `firstIndex`, made `parallel` at a time. */
export async function seedPaidCheckouts(
  context: SeedContext,
  count: number,
  firstIndex: number,
  parallel = 8,
): Promise<PaidCheckout[]> {
  const seeded: PaidCheckout[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++
        seeded[index] = await seedOne(context, firstIndex + index)
      }
    }),
  )
  return seeded
}
