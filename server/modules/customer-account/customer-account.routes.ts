import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../../common/api'
import {
  accountCheckoutAnswer,
  accountCheckoutInput,
  accountQuote,
  accountQuoteInput,
  accountReceipt,
  customerAccount,
  deviceGuideList,
  signInAnswer,
  signInInput,
  signInLinkAnswer,
  signInLinkInput,
  signInLinkSentMessage,
  signInPreview,
  signInPreviewInput,
  signInProblemAnswer,
  signInSwitchAnswer,
  switchAccountQuestion,
  type SignInLinkProblem,
} from '../../../common/customer-account'
import { enforceLimit } from '../rate-limits/limits'
import { deviceGuideFor, deviceGuides } from '../../../common/device-guides'
import { quoteCheckout } from '../payments/checkout-quote'
import { commandContext } from '../audit/command-context'
import { providersState } from '../payments/providers/payment-providers'
import { checkoutFromAccount } from './account-checkout.commands'
import { readAccount } from './account.service'
import { readReceipt } from './account-receipt.service'
import { recordCustomerAction } from './customer-activity.service'
import {
  clearCustomerCookie,
  customerCookieName,
  setCustomerCookie,
} from './customer-session-cookie'
import { deleteCustomerSession, resolveCustomerSession } from './customer-sessions.service'
import { previewLinkSignIn, signInWithLink } from './link-sign-in'
import { requestSignInLink, signInLinkLimits } from './sign-in-requests'
import { trialRequests } from '../../db/schema/trial-requests'
import { eq } from 'drizzle-orm'

const customer = { customer: true } as const

const problemMessages: Record<SignInLinkProblem, string> = {
  expired: 'This sign-in link has expired.',
  used: 'This sign-in link was already used.',
  unknown: 'This sign-in link is not valid.',
}

/** A customer's own page: sign in by e-mailed link, see their line and payments, renew. */
export async function customerAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const personOf = (request: FastifyRequest) => request.customer!.personId

  app.post(
    '/api/account/sign-in-link',
    {
      config: { public: true },
      schema: { body: signInLinkInput, response: { 202: signInLinkAnswer } },
    },
    async (request, reply) => {
      await requestSignInLink(app, request.body.email, request.ip)
      return reply.code(202).send({ message: signInLinkSentMessage })
    },
  )

  const sendProblem = (reply: FastifyReply, problem: SignInLinkProblem) =>
    reply.code(410).send({ message: problemMessages[problem], problem })

  /** The customer the request's cookie signs in, if any (the sign-in routes are public). */
  function currentCustomer(request: FastifyRequest) {
    const token = request.cookies[customerCookieName(app.config)]
    return token ? resolveCustomerSession(app.db, token, app.now()) : null
  }

  // Counted with sign-ins: a preview is one more look at a token.
  app.post(
    '/api/account/sign-in/preview',
    {
      config: { public: true, personal: true },
      schema: {
        body: signInPreviewInput,
        response: { 200: signInPreview, 410: signInProblemAnswer },
      },
    },
    async (request, reply) => {
      const now = app.now()
      await enforceLimit(app.rateLimiter, signInLinkLimits.signIn, request.ip, now)
      const current = await currentCustomer(request)
      const preview = await previewLinkSignIn(app.db, request.body.token, current, now)
      if ('problem' in preview) return sendProblem(reply, preview.problem)
      return preview
    },
  )

  // A POST from the page, after a click, never a GET: mail scanners must not use links up.
  app.post(
    '/api/account/sign-in',
    {
      config: { public: true, personal: true },
      schema: {
        body: signInInput,
        response: { 200: signInAnswer, 409: signInSwitchAnswer, 410: signInProblemAnswer },
      },
    },
    async (request, reply) => {
      const now = app.now()
      await enforceLimit(app.rateLimiter, signInLinkLimits.signIn, request.ip, now)
      const current = await currentCustomer(request)
      const signedIn = await signInWithLink(app.db, request.body, current, now)
      if ('problem' in signedIn) return sendProblem(reply, signedIn.problem)
      if ('signedInAs' in signedIn) {
        const message = switchAccountQuestion(signedIn.signedInAs, signedIn.email)
        return reply.code(409).send({ message, signedInAs: signedIn.signedInAs })
      }
      if (signedIn.session) {
        setCustomerCookie(request, reply, signedIn.session.token, signedIn.session.maxAgeSeconds)
      }
      return { firstName: signedIn.firstName }
    },
  )

  /** Ends the session the request's cookie holds, if any; answers whose it was. */
  async function endSessionOf(request: FastifyRequest): Promise<string | null> {
    const signedIn = await currentCustomer(request)
    if (signedIn) await deleteCustomerSession(app.db, signedIn.sessionId)
    return signedIn?.personId ?? null
  }

  // Public: a session that already expired must still be able to clear its cookie.
  app.post(
    '/api/account/sign-out',
    { config: { public: true }, schema: { response: { 204: z.null() } } },
    async (request, reply: FastifyReply) => {
      const personId = await endSessionOf(request)
      if (personId) await recordCustomerAction(app.db, personId, 'signed_out', null, app.now())
      clearCustomerCookie(request, reply)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/account',
    { config: customer, schema: { response: { 200: customerAccount } } },
    async (request) => readAccount(app.db, personOf(request), providersState(app)),
  )

  app.get(
    '/api/account/device-guides',
    { config: customer, schema: { response: { 200: deviceGuideList } } },
    async (request) => {
      const [person] = await app.db
        .select({ device: trialRequests.device })
        .from(trialRequests)
        .where(eq(trialRequests.id, personOf(request)))
      return { suggested: deviceGuideFor(person?.device).deviceName, guides: [...deviceGuides] }
    },
  )

  app.get(
    '/api/account/payments/:id/receipt',
    { config: customer, schema: { params: idParams, response: { 200: accountReceipt } } },
    async (request) => {
      const personId = personOf(request)
      const receipt = await readReceipt(app.db, personId, request.params.id, app.config.brandName)
      const detail = `Receipt ${receipt.receiptNumber}`
      await recordCustomerAction(app.db, personId, 'receipt_viewed', detail, app.now())
      return receipt
    },
  )

  // Counted apart from checkouts: a customer may try a few plans and codes before paying.
  app.post(
    '/api/account/quote',
    {
      config: customer,
      schema: { body: accountQuoteInput, response: { 200: accountQuote } },
    },
    async (request) => {
      const personId = personOf(request)
      const now = app.now()
      await enforceLimit(app.rateLimiter, signInLinkLimits.quote, personId, now)
      return quoteCheckout(app.db, personId, request.body, now)
    },
  )

  // The admin's pay link and this are one code (checkout.service.ts): same price, same reuse.
  app.post(
    '/api/account/checkout',
    {
      config: customer,
      schema: { body: accountCheckoutInput, response: { 201: accountCheckoutAnswer } },
    },
    async (request, reply) => {
      const personId = personOf(request)
      await enforceLimit(app.rateLimiter, signInLinkLimits.checkout, personId, app.now())
      const ctx = { ...commandContext(request), app: request.server }
      const { paymentId, checkoutUrl } = await checkoutFromAccount(ctx, {
        personId,
        input: request.body,
      })
      return reply.code(201).send({ paymentId, checkoutUrl })
    },
  )
}
