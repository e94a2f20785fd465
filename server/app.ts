import cookie from '@fastify/cookie'
import etag from '@fastify/etag'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { owaspCost, type ScryptCost } from './lib/passwords'
import { createRateLimiter } from './modules/rate-limits/rate-limiter'
import { createFollowUps } from './lib/follow-ups'
import { fastifyTrustProxy } from './lib/trust-proxy'
import { createEventBus } from './realtime/event-bus'
import { createOutbox } from './modules/messages/outbox'
import { registerSocket } from './realtime/socket.routes'
import { compensationsRoutes } from './modules/compensations/compensations.routes'
import { adminsRoutes } from './modules/admins/admins.routes'
import { auditRoutes } from './modules/audit/audit.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { findLiveSessionIds } from './modules/auth/sessions.service'
import { twoFactorRoutes } from './modules/auth/two-factor.routes'
import { registerCredentialAttempts } from './modules/auth/credential-attempts'
import { blogRoutes } from './modules/blog/blog.routes'
import { businessMetricsRoutes } from './modules/business-metrics/business-metrics.routes'
import { importsRoutes } from './modules/imports/imports.routes'
import { m3uRoutes } from './modules/m3u/m3u.routes'
import { messagesRoutes } from './modules/messages/messages.routes'
import { unsubscribeRoutes } from './modules/messages/unsubscribe.routes'
import { personLinesRoutes } from './modules/m3u/person-lines.routes'
import { liveConnectionsRoutes } from './modules/m3u/live-connections.routes'
import { lineSharingRoutes } from './modules/m3u/line-sharing.routes'
import { supplierSyncRoutes } from './modules/m3u/supplier-sync.routes'
import { followPanelExpiry } from './modules/subscriptions/panel-expiry-kept'
import { supplierRoutes } from './modules/m3u/supplier.routes'
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { countUnread } from './modules/notifications/notifications.service'
import { accountAdminRoutes } from './modules/customer-account/account-admin.routes'
import { customerAccountRoutes } from './modules/customer-account/customer-account.routes'
import { accountRenewalRoutes } from './modules/customer-account/account-renewal.routes'
import { discountsRoutes } from './modules/discounts/discounts.routes'
import { healthRoutes } from './modules/health/health.routes'
import { legalPagesRoutes } from './modules/legal-pages/legal-pages.routes'
import { metricsRoutes } from './modules/observability/metrics.routes'
import { readinessRoutes } from './modules/observability/readiness.routes'
import { registerPages } from './modules/pages/pages.routes'
import { checkoutRoutes } from './modules/payments/checkout.routes'
import { paymentPagesRoutes } from './modules/payments/payment-pages.routes'
import { paymentWebhookRoutes } from './modules/payments/payment-webhooks.routes'
import { paymentsRoutes } from './modules/payments/payments.routes'
import { peopleRoutes } from './modules/people/people.routes'
import { plansRoutes } from './modules/plans/plans.routes'
import { privacyRoutes } from './modules/privacy/privacy.routes'
import { seoRoutes } from './modules/seo/seo.routes'
import { settingsRoutes } from './modules/settings/settings.routes'
import { sportsRoutes } from './modules/sports/sports.routes'
import { agentProfileRoutes } from './modules/support/agent-profile.routes'
import { chatRoutes } from './modules/support/chat.routes'
import { savedRepliesRoutes } from './modules/support/saved-replies.routes'
import { supportSocketServices } from './modules/support/support.socket'
import { ticketNotesRoutes } from './modules/support/ticket-notes.routes'
import { createTicketContacts } from './modules/support/ticket-contacts'
import { ticketsRoutes } from './modules/support/tickets.routes'
import { telegramFor } from './modules/telegram/telegram'
import { subscriptionExtendRoutes } from './modules/payments/subscription-extend.routes'
import { subscriptionsRoutes } from './modules/payments/subscriptions.routes'
import { telegramRoutes } from './modules/telegram/telegram.routes'
import { recordPaymentRoutes } from './modules/payments/record-payment.routes'
import { renewalChoiceRoutes } from './modules/payments/renewals/renewal-choice.routes'
import { renewalRoutes } from './modules/payments/renewals/renewal.routes'
import { trialAutopilotRoutes } from './modules/trial-requests/trial-autopilot.routes'
import { trialRequestsAdminRoutes } from './modules/trial-requests/trial-requests-admin.routes'
import { trialRequestsRoutes } from './modules/trial-requests/trial-requests.routes'
import { registerAudit } from './plugins/audit'
import { registerAuthGuard } from './plugins/auth-guard'
import { registerCompression } from './plugins/compression'
import { registerErrorHandler } from './plugins/error-handler'
import { registerInputGuard } from './plugins/input-guard'
import { registerJsonBody } from './plugins/json-body'
import { registerPublicContent } from './plugins/public-content'
import { registerNoStore } from './plugins/no-store'
import { openApiRoutes, registerOpenApi } from './plugins/openapi'
import { registerRouteList } from './plugins/route-list'
import { registerSecurity } from './plugins/security'

export type BuildAppOptions = {
  config: Config
  database: Database
  /** Replaces the wall clock, for tests of expiry and throttling. */
  now?: () => Date
  /** Where log lines go instead of stdout (tests read them to prove secrets stay out). */
  logStream?: { write(line: string): void }
  /** How often admin sockets are checked for an expired session (default 30 s). */
  sessionSweepMs?: number
  /** The web app's HTML shell, for tests that render pages without a build. */
  pageTemplate?: string
  /**
   * scrypt's cost for new password hashes and the unknown-username decoy; OWASP's unless given.
   * Start-up never gives one. Tests that are not about hashing give a low one (test-server.ts).
   */
  passwordCost?: ScryptCost
}

/** Builds the whole server without listening, so tests can start it on any port. */
export async function buildApp({
  config,
  database,
  now,
  logStream,
  sessionSweepMs,
  pageTemplate,
  passwordCost = owaspCost,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Clients on slow links get a while, but a stalled one must not hold a socket forever.
    requestTimeout: 30_000,
    // Longer than load balancers' idle timeout (60 s on AWS), so they close idle sockets first.
    keepAliveTimeout: 72_000,
    // While the app closes (a stop signal), a request that still arrives on an open keep-alive
    // connection is answered, with `Connection: close`, rather than refused with 503: a proxy
    // resends no POST, and the client's next request finds a process that stays (deploy/).
    return503OnClosing: false,
    http: {
      // Node's default (60 s) lets slow-header clients hold sockets cheaply. It is enforced by a
      // sweep every connectionsCheckingInterval (30 s by default), so that is shortened too.
      headersTimeout: 10_000,
      connectionsCheckingInterval: 1_000,
    },
  })
  for (const warning of config.warnings) app.log.warn(warning)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // First, so that the access tests see every route that any plugin or module adds.
  registerRouteList(app)
  // Before any route, so that the API reference holds them all.
  await registerOpenApi(app)

  app.decorate('config', config)
  app.decorate('db', database.db)
  app.decorate('now', now ?? (() => new Date()))
  app.decorate('passwordCost', passwordCost)
  app.decorate('rateLimiter', createRateLimiter(database.db))
  const bus = await createEventBus(
    database,
    config.database.kind === 'postgres' ? config.database.url : null,
    (error) => app.log.warn({ err: error }, 'Event bus problem'),
  )
  app.decorate('bus', bus)
  app.addHook('onClose', () => bus.close())
  const outbox = createOutbox({
    db: database.db,
    config,
    now: app.now,
    log: app.log,
    telegram: telegramFor(app),
  })
  app.decorate('outbox', outbox)
  app.decorate('ticketContacts', createTicketContacts(database.db, app.bus))
  app.addHook('onClose', async () => outbox.close())
  const followUps = createFollowUps(app.log)
  app.decorate('followUps', followUps)
  app.addHook('onClose', () => followUps.close())

  registerErrorHandler(app)
  registerJsonBody(app)
  registerInputGuard(app)
  await registerSecurity(app)
  registerNoStore(app)
  await app.register(cookie)
  // Polled lists answer 304 Not Modified when nothing changed.
  await app.register(etag, { weak: true })
  await registerCompression(app)
  registerPublicContent(app)
  registerAuthGuard(app)
  registerCredentialAttempts(app)
  registerAudit(app)

  // Not a plugin of its own: its timing hook counts every route of the app.
  await metricsRoutes(app, { pool: database.kind === 'postgres' ? database.pool : null })
  await app.register(healthRoutes)
  await app.register(openApiRoutes)
  await app.register(readinessRoutes)
  await app.register(authRoutes)
  await app.register(twoFactorRoutes)
  await app.register(adminsRoutes)
  await app.register(plansRoutes)
  await app.register(discountsRoutes)
  await app.register(trialRequestsRoutes)
  await app.register(trialRequestsAdminRoutes)
  await app.register(subscriptionsRoutes)
  await app.register(trialAutopilotRoutes)
  await app.register(peopleRoutes)
  await app.register(privacyRoutes)
  await app.register(customerAccountRoutes)
  await app.register(accountRenewalRoutes)
  await app.register(accountAdminRoutes)
  await app.register(businessMetricsRoutes)
  await app.register(importsRoutes)
  await app.register(paymentsRoutes)
  await app.register(sportsRoutes)
  await app.register(blogRoutes)
  await app.register(legalPagesRoutes)
  await app.register(seoRoutes)
  await app.register(ticketsRoutes)
  await app.register(chatRoutes)
  await app.register(ticketNotesRoutes)
  await app.register(agentProfileRoutes)
  await app.register(savedRepliesRoutes)
  await app.register(notificationsRoutes)
  await app.register(auditRoutes)
  await app.register(settingsRoutes)
  await app.register(maintenanceRoutes)
  await app.register(m3uRoutes)
  await app.register(personLinesRoutes)
  await app.register(liveConnectionsRoutes)
  await app.register(lineSharingRoutes)
  await app.register(subscriptionExtendRoutes)
  await app.register(renewalRoutes)
  await app.register(recordPaymentRoutes)
  await app.register(renewalChoiceRoutes)
  await app.register(supplierSyncRoutes, { moveSubscriptionEnd: followPanelExpiry })
  await app.register(supplierRoutes)
  await app.register(compensationsRoutes)
  await app.register(telegramRoutes)
  await app.register(messagesRoutes)
  await app.register(unsubscribeRoutes)
  await app.register(checkoutRoutes)
  await app.register(paymentWebhookRoutes)
  await app.register(paymentPagesRoutes)
  // The socket is transport: the modules give it what it needs of them.
  await registerSocket(app, {
    sessionSweepMs,
    findLiveSessionIds: (sessionIds) => findLiveSessionIds(app.db, sessionIds, app.now()),
    countUnread: (scope) => countUnread(app.db, scope),
    ...supportSocketServices(app),
  })
  await registerPages(app, { template: pageTemplate })

  return app
}
