import type { FastifyInstance } from 'fastify'
import { plainPage } from '../../lib/plain-page'
import { textAnswer } from '../../lib/text-answer'

/** Where a provider sends the customer back after its checkout page. */
export const paymentReturnPaths = {
  success: '/payment/success',
  cancelled: '/payment/cancelled',
} as const

// Honest words: the redirect proves nothing (fulfilment waits for the provider's webhook).
const pages = {
  success: {
    title: 'Payment received',
    text: 'Thank you. Your subscription is extended within a minute, and a receipt is on its way to you. If nothing has changed after a few minutes, contact support with the time you paid.',
  },
  cancelled: {
    title: 'Payment cancelled',
    text: 'Nothing was charged. You can use the same payment link again while it is valid, or contact support for a new one.',
  },
} as const

export async function paymentPagesRoutes(app: FastifyInstance) {
  for (const page of ['success', 'cancelled'] as const) {
    const schema = {
      response: { 200: textAnswer('text/html', `"${pages[page].title}", in words.`) },
    }
    app.get(
      paymentReturnPaths[page],
      { config: { public: true }, schema },
      async (_request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(plainPage({ brandName: app.config.brandName, ...pages[page] })),
    )
  }
}
