import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CommandContext } from '../audit/command'
import { commandContext, systemContext } from '../audit/command-context'
import { requestFollower, type LineFollower } from '../m3u/line-follow'
import { paymentProvidersFor, type PaymentProviders } from './providers/payment-providers'

/**
 * What a payments command needs besides the usual context: the person's line follows what it
 * settled or refunded (`follower`, under its admin or the system), and a refund asks the
 * provider the money came through (`providers`), outside any transaction.
 */
export type PaymentContext = ProviderContext & { follower: LineFollower }

/** A command that asks a provider and moves no line (a card saved for renewals). */
export type ProviderContext = CommandContext & { providers: PaymentProviders }

/** A request's provider context: its admin acts, or no one (the customer's own page). */
export const providerContext = (request: FastifyRequest): ProviderContext => ({
  ...commandContext(request),
  providers: paymentProvidersFor(request.server),
})

/** An admin's request's payments context: that admin acts, and their line follow-ups. */
export const paymentContext = (request: FastifyRequest): PaymentContext => ({
  ...providerContext(request),
  follower: requestFollower(request),
})

/**
 * A job's or a webhook's payments context: the system acts, and the person's line follows under
 * its name. The same settle step runs from it as from an admin's request.
 */
export const systemPaymentContext = (app: FastifyInstance): PaymentContext => ({
  ...systemContext(app),
  follower: { app, actor: 'system', log: app.log },
  providers: paymentProvidersFor(app),
})

/**
 * A command whose provider calls are still reached through the app (a checkout's Stripe customer
 * and replaced checkouts, a renewal's charge and its outcome): decision 0065.
 */
export type AppContext = CommandContext & { app: FastifyInstance }
