import { HttpError } from '../../../lib/http-error'

const labels = { stripe: 'Stripe', btcpay: 'BTCPay Server' } as const
type Name = keyof typeof labels

/** The provider is down or too slow (not a refusal): asking it again at once would not help. */
export class ProviderOutage extends HttpError {}

/** The provider did not answer in time: 504, the payment stays pending for a retry. */
export const providerTimeout = (name: Name) =>
  new ProviderOutage(
    504,
    `${labels[name]} did not answer in time. The payment is kept as pending; try again.`,
  )

/** The provider could not be reached or failed on its side (5xx, 429, an unreadable answer). */
export const providerUnavailable = (name: Name) =>
  new ProviderOutage(
    502,
    `${labels[name]} is not answering properly right now. The payment is kept as pending; try again in a minute.`,
  )

/** A refusal is an answer: the provider did nothing, unlike a timeout or an outage. */
export class ProviderRefusal extends HttpError {}

/** The provider refused the request (4xx): its own words, which never hold our keys. */
export const providerRefused = (name: Name, status: number, message: string) =>
  new ProviderRefusal(
    502,
    status === 401 || status === 403
      ? `${labels[name]} refused our API key; check its settings on the server.`
      : `${labels[name]} refused the request: ${message.slice(0, 300)}`,
  )

/** A webhook whose signature does not hold: 400, and nothing changes. */
export const badSignature = (message: string) => new HttpError(400, message)
