import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingHttpHeaders, IncomingMessage, RequestListener } from 'node:http'
import {
  createAnswerStore,
  outgoing,
  sendAnswer,
  type Answer,
  type AnswerForm,
  type KeepOptions,
} from '../lib/public-cache'
import { sessionCookieName } from '../modules/auth/session-cookie'
import type { PublicScope } from '../realtime/event-bus'
import { securityHeaders } from './security'

export type AnswerFromMemory = {
  /** The route pattern that first answered the address. */
  route: string
  method: string
  status: number
  seconds: number
}

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
      /** Calls `listener` for each answer sent from memory (Fastify's hooks never see those). */
      onAnswerFromMemory(listener: (answer: AnswerFromMemory) => void): void
    }
  }
}

// Enough for every public page and list many times over; the keys come from visitors.
const limits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 }

/**
 * Public answers from memory. Once a public route has answered an address for a visitor, the
 * HTTP server answers the same address again before Fastify sees the request: routing, hooks
 * and validation all passed the first time. Callers with a session go through Fastify, as
 * admins may see more (docs/decisions/0010-public-reads-from-memory.md).
 */
export function registerPublicContent(app: FastifyInstance) {
  const store = createAnswerStore<PublicScope>(limits, app.now)
  const cookieName = `${sessionCookieName(app.config)}=`
  // Pages differ by host and scheme when PUBLIC_URL is unset (canonical links): everything
  // they may be derived from, as sent, is part of the key.
  const keyOf = (headers: IncomingHttpHeaders, url: string) =>
    app.config.publicUrl
      ? url
      : `${headers['x-forwarded-proto']}|${headers['x-forwarded-host']}|${headers.host} ${url}`
  // Without a live bus a change elsewhere could go unnoticed: read through instead.
  const isListening = () => app.bus.state() === 'listening'

  app.bus.subscribe((event) => {
    if (event.kind === 'public_content_changed') store.forget(event.scope)
  })
  // Changes announced while the bus was cut off were missed.
  app.bus.onResync(() => store.forget(null))

  const keptFor = (request: IncomingMessage) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    const hasSession = request.headers.cookie?.includes(cookieName) ?? false
    // While closing, Fastify answers, and tells keep-alive clients to go.
    const isOpen = app.server.listening && isListening()
    if (!isRead || hasSession || !isOpen) return null
    return store.peek(keyOf(request.headers, request.url ?? '/'))
  }
  // Fastify adds them in a hook; here they join each form's headers once.
  const fullHeaders = new WeakMap<AnswerForm, Record<string, string>>()
  const withSecurityHeaders = (form: AnswerForm) => {
    let headers = fullHeaders.get(form)
    if (!headers) fullHeaders.set(form, (headers = { ...securityHeaders, ...form.headers }))
    return headers
  }
  // Each kept answer's route pattern, as Fastify's onResponse hook labels it.
  const routeOf = new WeakMap<Answer, string>()
  const listeners: ((answer: AnswerFromMemory) => void)[] = []
  const [fastify, ...others] = app.server.listeners('request') as RequestListener[]
  if (!fastify || others.length) throw new Error('Expected Fastify as the only request listener')
  app.server.removeListener('request', fastify)
  app.server.on('request', (request, response) => {
    const startedAt = performance.now()
    const answer = keptFor(request)
    if (!answer) return fastify(request, response)
    const form = outgoing(answer, request.headers)
    response.writeHead(form.status, withSecurityHeaders(form))
    response.end(form.body ?? undefined)
    const route = routeOf.get(answer) ?? 'unmatched'
    const seconds = (performance.now() - startedAt) / 1000
    const sent = { route, method: request.method ?? 'GET', status: form.status, seconds }
    for (const listener of listeners) listener(sent)
  })

  app.decorate('publicContent', {
    async send(request, reply, options, load) {
      const key = keyOf(request.headers, request.url)
      const answer = await (isListening() ? store.answer(key, options, load) : load())
      routeOf.set(answer, request.routeOptions.url ?? 'unmatched')
      return sendAnswer(request, reply, answer)
    },
    async changed(scope) {
      store.forget(scope)
      await app.bus.publish({ kind: 'public_content_changed', scope })
    },
    onAnswerFromMemory(listener) {
      listeners.push(listener)
    },
  })
}
