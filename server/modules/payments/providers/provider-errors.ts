import { providerLabels, type CheckoutProvider } from '../../../../common/payments'
import { HttpError } from '../../../lib/http-error'

/** The provider is down or too slow (not a refusal): asking it again at once would not help. */
export class ProviderOutage extends HttpError {}

/** The provider did not answer in time: 504, the payment stays pending for a retry. */
export const providerTimeout = (name: CheckoutProvider) =>
  new ProviderOutage(
    504,
    `${providerLabels[name]} did not answer in time. The payment is kept as pending; try again.`,
  )

/** The provider could not be reached or failed on its side (5xx, 429, an unreadable answer). */
export const providerUnavailable = (name: CheckoutProvider) =>
  new ProviderOutage(
    502,
    `${providerLabels[name]} is not answering properly right now. The payment is kept as pending; try again in a minute.`,
  )

/** A refusal is an answer: the provider did nothing, unlike a timeout or an outage. */
export class ProviderRefusal extends HttpError {}

/** The provider refused the request (4xx): its own words, which never hold our keys. */
export const providerRefused = (name: CheckoutProvider, status: number, message: string) =>
  new ProviderRefusal(
    502,
    status === 401 || status === 403
      ? `${providerLabels[name]} refused our API key; check its settings on the server.`
      : `${providerLabels[name]} refused the request: ${message.slice(0, 300)}`,
  )

/** A webhook whose signature does not hold: 400, and nothing changes. */
export const badSignature = (message: string) => new HttpError(400, message)
