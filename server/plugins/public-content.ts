import type { FastifyInstance } from 'fastify'
import { createPublicCache, type PublicCache } from '../lib/public-cache'
import type { BusEvent } from '../realtime/event-bus'

export type PublicScope = Extract<BusEvent, { kind: 'public_content_changed' }>['scope']

declare module 'fastify' {
  interface FastifyInstance {
    /** What the public reads, kept in each process's memory until an admin changes it. */
    publicContent: {
      /** A cache that every process empties when content of one of `scopes` changes. */
      cache(scopes: PublicScope[], maxEntries: number): PublicCache
      /**
       * Called once an admin's change has committed: this process forgets at once (the admin's
       * next read sees it), and the others when the bus tells them.
       */
      changed(scope: PublicScope): Promise<void>
    }
  }
}

export function registerPublicContent(app: FastifyInstance) {
  const caches: { scopes: PublicScope[]; cache: PublicCache }[] = []
  const forget = (scope: PublicScope | null) => {
    for (const { scopes, cache } of caches) if (!scope || scopes.includes(scope)) cache.clear()
  }
  const isListening = () => app.bus.state() === 'listening'

  app.bus.subscribe((event) => {
    if (event.kind === 'public_content_changed') forget(event.scope)
  })
  // Changes announced while the bus was cut off were missed.
  app.bus.onResync(() => forget(null))

  app.decorate('publicContent', {
    cache(scopes, maxEntries) {
      const cache = createPublicCache(maxEntries, isListening)
      caches.push({ scopes, cache })
      return cache
    },
    async changed(scope) {
      forget(scope)
      await app.bus.publish({ kind: 'public_content_changed', scope })
    },
  })
}
