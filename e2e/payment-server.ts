import { expect } from 'vitest'
import type { Payment } from '../common/payments'
import type { Plan } from '../common/plans'
import type { PersonView } from '../common/people'
import type { PersonLine } from '../common/person-lines'
import type { TrialRequest } from '../common/trial-requests'
import { startFakeStripe, type FakeStripe } from '../server/test/fake-stripe'
import { paymentEnv } from '../server/test/payment-fixtures'
import { startMailingServer, type MailingServer } from './mailing-server'

export type Customer = {
  id: string
  name: string
  email: string
  username: string
  /** The line's login as the panel made it. */
  password: string
  m3uUrl: string
}

export type PaymentServer = MailingServer & {
  stripe: FakeStripe
  plan: Plan
  /**
   * A trial customer as the public form makes one (of the server's plan unless `planName` says),
   * with a trial line on the fake panel.
   */
  addTrialCustomer(firstName: string, planName?: string): Promise<Customer>
  /** An admin's "Send sign-in link" to the person: the link, as their e-mail carries it. */
  signInLinkFor(person: { id: string; email: string }): Promise<string>
  person(id: string): Promise<TrialRequest>
  /** The person's payments, newest first, as the admin API lists them. */
  paymentsOf(personId: string): Promise<Payment[]>
}

/**
 * A mailing server (mailing-server.ts) that takes money with Stripe: a fake Stripe API and hosted
 * page (server/test/fake-stripe.ts) whose webhooks go to the server's own
 * `/api/payments/stripe/webhook`, signed as Stripe signs them, and a plan on sale for them:
 * Family Plus, 29.99 EUR a quarter.
 */
export async function startPaymentServer(): Promise<PaymentServer> {
  const stripe = await startFakeStripe()
  let server: MailingServer
  try {
    server = await startMailingServer({ env: paymentEnv({ stripe }) })
  } catch (error) {
    await stripe.close()
    throw error
  }
  stripe.state.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook`
  const plan = await server.api<Plan>('POST', '/api/plans', {
    name: 'Family Plus',
    price: '29.99',
    currency: 'EUR',
    billingPeriod: 'quarterly',
  })

  async function addTrialCustomer(firstName: string, planName = plan.name): Promise<Customer> {
    const tag = Date.now().toString(36)
    const lastName = `Payer ${tag}`
    const email = `${firstName.toLowerCase()}.${tag}@example.com`
    const response = await fetch(`${server.baseUrl}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ firstName, lastName, email, plan: planName }),
    })
    if (!response.ok) throw new Error(`Trial request: ${response.status} ${await response.text()}`)
    const { id } = (await response.json()) as { id: string }
    const line = await server.api<PersonLine>('POST', `/api/trial-requests/${id}/line`)
    const { username, password, m3uUrl } = line
    return { id, name: `${firstName} ${lastName}`, email, username, password, m3uUrl }
  }

  async function signInLinkFor(person: { id: string; email: string }): Promise<string> {
    const before = server.smtp.received.length
    await server.api('POST', `/api/trial-requests/${person.id}/sign-in-link`)
    await server.api('POST', '/api/maintenance/expire-now')
    const linkIn = () =>
      server.smtp.received
        .slice(before)
        .filter((mail) => mail.to && 'text' in mail.to && mail.to.text === person.email)
        .map((mail) => /(http\S+\/account\/sign-in\?token=[\w-]{43})/.exec(mail.text ?? '')?.[1])
        .find(Boolean)
    await expect.poll(() => linkIn() ?? null).not.toBeNull()
    return linkIn()!
  }

  return {
    ...server,
    stripe,
    plan,
    addTrialCustomer,
    signInLinkFor,
    person: async (id) => (await server.api<PersonView>('GET', `/api/people/${id}`)).person,
    paymentsOf: (personId) => server.api<Payment[]>('GET', `/api/payments?personId=${personId}`),
    stop: async () => {
      await server.stop()
      await stripe.close()
    },
  }
}
