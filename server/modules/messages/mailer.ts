import nodemailer from 'nodemailer'

export type OutgoingMail = {
  /** The outbox message's id: the Message-ID, so a copy sent twice is recognisable as one. */
  id: string
  to: string
  subject: string
  html: string
  text: string
  attachments?: { filename: string; content: Buffer; cid: string; contentType: string }[]
  /** Extra headers (a reminder's List-Unsubscribe). */
  headers?: Record<string, string>
}

export type Mailer = {
  readonly from: string
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** Why a send failed, in words that are safe to store and show: never the SMTP password. */
export class MailError extends Error {
  constructor(
    message: string,
    /** The recipient's server refused the mailbox for good (5.1.x or 5.2.1 to RCPT TO): a bounce. */
    readonly isBounce = false,
  ) {
    super(message)
  }
}

type SmtpFailure = { responseCode?: number; command?: string; response?: string }

// RFC 3463's enhanced status: 5.1.x is a bad mailbox or address, 5.2.1 a disabled mailbox. A 5.7.x
// (policy: "relaying denied", our own relay refusing us) or a bare 5xx says nothing of the mailbox.
const mailboxGone = /^5\d\d[ -]5\.(?:1\.\d{1,3}|2\.1)\b/

/**
 * The recipient's mailbox refused for good: a 5xx to RCPT TO whose enhanced status code names the
 * mailbox (RFC 5321 §4.2.1, RFC 3463). Any other refusal is retried like a failure of the moment.
 */
function isRecipientRefused(error: unknown): boolean {
  const { responseCode, command, response } = (error ?? {}) as SmtpFailure
  if (command !== 'RCPT TO' || responseCode === undefined || responseCode < 500) return false
  return mailboxGone.test(response?.trim() ?? '')
}

// A stalled server gives the message back for a later try rather than holding it (and its renewed
// outbox lease) forever.
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from
}

/** Every spelling of the URL's secret that an error text could carry. */
function secretsOf(smtpUrl: string): string[] {
  const url = new URL(smtpUrl)
  const password = decodeURIComponent(url.password)
  const user = decodeURIComponent(url.username)
  if (!password) return []
  return [
    password,
    url.password,
    Buffer.from(password).toString('base64'),
    Buffer.from(`\u0000${user}\u0000${password}`).toString('base64'),
  ].filter((secret) => secret.length >= 3)
}

/** An error text with every form of the secrets cut out, short enough for a list. */
export function safeErrorText(error: unknown, secrets: string[]): string {
  const raw = error instanceof Error ? error.message : String(error)
  const text = secrets.reduce((message, secret) => message.replaceAll(secret, '***'), raw)
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'The mail server refused the message'
}

/** Sends over SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for implicit TLS). */
export function createMailer(smtp: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    { url: smtp.url, ...timeouts, logger: false, debug: false },
    { from: smtp.from },
  )
  const secrets = secretsOf(smtp.url)
  const domain = addressOf(smtp.from).split('@')[1] ?? 'localhost'
  return {
    from: smtp.from,
    async send(mail) {
      try {
        await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: `<${mail.id}@${domain}>`,
          attachments: mail.attachments ?? [],
          headers: mail.headers ?? {},
        })
      } catch (error) {
        throw new MailError(safeErrorText(error, secrets), isRecipientRefused(error))
      }
    },
    close: () => transport.close(),
  }
}
