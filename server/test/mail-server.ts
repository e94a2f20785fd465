import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { outboxMessages } from '../db/schema/outbox-messages'
import { smtpUser, startSmtpSink, type SmtpSink } from './smtp-sink'
import { useSupplierServer } from './supplier-server'
import type { DatabaseKind } from './test-server'

export const mailFrom = 'StreamLine <hello@streamline.test>'
export const publicUrl = 'https://watch.example.com'

/**
 * For the enclosing describe block: a real SMTP server on loopback and the app sending to it
 * (with the fake supplier panel and injected clock of useSupplierServer). Read fields in tests.
 */
export function useMailServer(
  kind: DatabaseKind,
  /** More environment; a function is read when the app starts (for a fake started beforeAll). */
  env: Record<string, string> | (() => Record<string, string>) = {},
  /** The password the app logs in with; the server's own by default. */
  smtpPassword = smtpUser.password,
) {
  // Filled before the app starts: useSupplierServer reads it in its own beforeAll, after this one.
  const appEnv: Record<string, string> = {
    LOG_LEVEL: 'info',
    MAIL_FROM: mailFrom,
    PUBLIC_URL: publicUrl,
  }
  const context = { smtp: null as unknown as SmtpSink }
  beforeAll(async () => {
    context.smtp = await startSmtpSink({ echoPasswordOnRefusal: true })
    Object.assign(appEnv, typeof env === 'function' ? env() : env)
    appEnv.SMTP_URL = context.smtp.urlWith(smtpPassword)
  })
  const t = useSupplierServer(kind, appEnv)
  afterAll(() => context.smtp?.close())

  // A getter: the sink starts in beforeAll, after this returns.
  Object.defineProperty(t, 'smtp', { get: () => context.smtp })
  return Object.assign(t as typeof t & { readonly smtp: SmtpSink }, {
    /** Moves the injected clock by milliseconds (within one admin session). */
    advance(ms: number) {
      t.now = new Date(t.now.getTime() + ms)
    },
    /** The outbox rows to an address, oldest first. */
    async messagesTo(recipient: string) {
      const rows = await t.server.app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    },
    /** Waits (up to 10 s) until `check` holds: for work another listener does after an answer. */
    async until(check: () => Promise<boolean>) {
      const deadline = Date.now() + 10_000
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error('The condition never held')
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
    /** Runs Expire now, which flushes the outbox once; answers what arrived meanwhile. */
    async flush() {
      const before = context.smtp.received.length
      const answer = await t.admin.post('/api/maintenance/expire-now')
      if (answer.status !== 200) throw new Error(`expire-now: ${JSON.stringify(answer.body)}`)
      return context.smtp.received.slice(before)
    },
  })
}
