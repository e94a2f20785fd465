import 'fastify'
import type { Config } from './config'
import type { Db } from './db/client'
import type { ScryptCost } from './lib/passwords'
import type { Outbox } from './modules/messages/outbox'
import type { FollowUps } from './lib/follow-ups'
import type { RateLimiter } from './modules/rate-limits/rate-limiter'
import type { EventBus } from './realtime/event-bus'
import type { AdminIdentity } from './modules/auth/sessions.service'
import type { CustomerIdentity } from './modules/customer-account/customer-sessions.service'
import type { TicketContacts } from './modules/support/ticket-contacts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    rateLimiter: RateLimiter
    /** Events for every server process's sockets (LISTEN/NOTIFY on PostgreSQL). */
    bus: EventBus
    /** Messages to customers: this process's mail transport and the outbox flush. */
    outbox: Outbox
    /** Work after an answer (a paid line pushed), awaited when the app closes. */
    followUps: FollowUps
    /** Whether a customer has this ticket's chat open on a socket of this process. */
    isCustomerInChat(ticketId: string): boolean
    /** Live sockets (/ws) open in this process, for the metrics. */
    openSockets(): number
    /** Tickets' customer sides, kept per process (they never change). */
    ticketContacts: TicketContacts
    /** The clock every service reads, injectable so tests can move time. */
    now(): Date
    /** scrypt's cost for new password hashes and the decoy: OWASP's but in tests (buildApp). */
    passwordCost: ScryptCost
  }

  interface FastifyRequest {
    /** The signed-in admin, resolved from the session cookie on every request. */
    admin: AdminIdentity | null
    /** The signed-in customer, resolved only on routes marked `customer: true`. */
    customer: CustomerIdentity | null
  }

  interface FastifyContextConfig {
    /** Reachable without an admin session. Every other route answers 401 to anonymous callers. */
    public?: boolean
    /**
     * Reachable by a super admin whom settings require to turn on two-factor sign-in first
     * (their session, logout, password and two-factor setup); every other route answers 403.
     */
    beforeTwoFactorSetup?: boolean
    /**
     * Reachable by a session opened with a one-time code (its session, logout and setting a new
     * password); every other route answers 403 until the new password is set.
     */
    beforePasswordSet?: boolean
    /**
     * The route checks a password or a code: each attempt is counted against the sign-in limits
     * before its handler runs, and the checks refuse to run on a route without this flag.
     */
    checksCredentials?: true
    /**
     * A customer's own route (`/api/account…`): it needs a customer session (401 otherwise) and
     * no admin session stands in for one. Customers' actions are kept in customer_activity,
     * not in the admins' audit trail.
     */
    customer?: true
    /**
     * Who of the staff may call the route (others get 403); without it, admins and super admins.
     * `support`: support agents too (the inbox, people's contacts and lines, their own account);
     * `super_admin`: super admins only. The route walk in `server/plugins/role-access.test.ts`
     * holds every route to the role it declares.
     */
    role?: 'support' | 'super_admin'
    /**
     * A public route that answers a person's own records (their ticket, chat, notifications, the
     * trial form's receipt): like every staff and customer route, its answers say
     * `Cache-Control: no-store` (server/plugins/no-store.ts).
     */
    personal?: true
    /** One of the web app's built files (present only with a build): one row of the access table. */
    builtFile?: true
    /**
     * Every admin route that changes data names its audit action and entity type, or says
     * `false` where the change is not worth a trail (marking a chat read).
     */
    audit?: { action: string; entity: string } | false
  }
}
