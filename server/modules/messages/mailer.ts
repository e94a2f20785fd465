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
    /** The recipient's server refused the address for good (5xx to RCPT TO): a bounce. */
    readonly isBounce = false,
  ) {
    super(message)
  }
}

type SmtpFailure = { responseCode?: number; command?: string }

/** A permanent refusal of the recipient (RFC 5321 §4.2.1: 5yz is final), not of us or the text. */
function isRecipientRefused(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as SmtpFailure
  return command === 'RCPT TO' && responseCode !== undefined && responseCode >= 500
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
