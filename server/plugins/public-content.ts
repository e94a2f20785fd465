import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createAnswerStore, sendAnswer, type Answer, type KeepOptions } from '../lib/public-cache'
import { sessionCookieName } from '../modules/auth/session-cookie'
import { siteBaseUrl } from '../modules/seo/seo.routes'
import type { BusEvent } from '../realtime/event-bus'

export type PublicScope = Extract<BusEvent, { kind: 'public_content_changed' }>['scope']

declare module 'fastify' {
  interface FastifyInstance {
    /** What the public reads, kept in each process's memory until an admin changes it. */
    publicContent: {
      /**
       * Sends the answer kept for this request's address, loading it first when missing. Only
       * for answers that are the same for every visitor.
       */
      send(
        request: FastifyRequest,
        reply: FastifyReply,
        options: KeepOptions<PublicScope>,
        load: () => Promise<Answer>,
      ): Promise<FastifyReply>
      /**
       * Called once an admin's change has committed: this process forgets at once (the admin's
       * next read sees it), and the others when the bus tells them.
       */
      changed(scope: PublicScope): Promise<void>
    }
  }
}

// Enough for every public page and list many times over; the keys come from visitors.
const limits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 }

/**
 * Public answers from memory. Once a public route has answered an address, the same address is
 * answered again before routing, validation and the auth guard (all of which it passed the first
 * time), unless the caller holds a session: admins may see more.
 */
export function registerPublicContent(app: FastifyInstance) {
  const store = createAnswerStore<PublicScope>(limits, app.now)
  // Pages differ by host when PUBLIC_URL is unset (canonical links).
  const keyOf = (request: FastifyRequest) => `${siteBaseUrl(app, request)}${request.url}`
  // Without a live bus a change elsewhere could go unnoticed: read through instead.
  const isListening = () => app.bus.state() === 'listening'
  const cookieName = sessionCookieName(app.config)

  app.bus.subscribe((event) => {
    if (event.kind === 'public_content_changed') store.forget(event.scope)
  })
  // Changes announced while the bus was cut off were missed.
  app.bus.onResync(() => store.forget(null))

  app.addHook('onRequest', (request, reply, done) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    const isVisitor = isRead && !request.cookies[cookieName] && isListening()
    const answer = isVisitor ? store.peek(keyOf(request)) : null
    if (!answer) return done()
    sendAnswer(request, reply, answer)
  })

  app.decorate('publicContent', {
    async send(request, reply, options, load) {
      const answer = await (isListening() ? store.answer(keyOf(request), options, load) : load())
      return sendAnswer(request, reply, answer)
    },
    async changed(scope) {
      store.forget(scope)
      await app.bus.publish({ kind: 'public_content_changed', scope })
    },
  })
}
