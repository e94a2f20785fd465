import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { freePort } from './free-port'

export const smtpUser = { username: 'mailer', password: 'smtp-Secret-9f2c!x' }

/** How the server answers the next DATA: accept, refuse (4xx/5xx), or call a hook first. */
export type SmtpBehaviour =
  | { kind: 'accept' }
  | { kind: 'refuse'; code: number; message: string }
  /** Runs once the whole message has arrived, before the server answers (e.g. a SIGKILL). */
  | { kind: 'hold'; beforeAnswer: (mail: ParsedMail) => Promise<void> | void }

type SmtpError = Error & { responseCode?: number }

/**
 * A real SMTP server on loopback (smtp-server), reading what arrives with mailparser. It asks for
 * `smtpUser`'s login over plain text (tests have no certificate), and can refuse, hold, go down
 * and come back on the same port.
 */
export async function startSmtpSink(options: { echoPasswordOnRefusal?: boolean } = {}) {
  const port = await freePort()
  const received: ParsedMail[] = []
  const waiters: (() => void)[] = []
  const behaviours: SmtpBehaviour[] = []
  // Addresses with no mailbox here: refused at RCPT TO with 550 5.1.1, as a real server does.
  const unknownMailboxes = new Set<string>()
  // Addresses refused at RCPT TO with a reply of the test's choosing (e.g. 554 5.7.1 relaying denied).
  const recipientRefusals = new Map<string, { code: number; message: string }>()
  let server: SMTPServer | null = null

  async function handleData(stream: SMTPServerDataStream, callback: (error?: Error) => void) {
    // cid: links kept as sent, so a test sees how the HTML refers to its images.
    const mail = await simpleParser(stream, { keepCidLinks: true })
    const behaviour = behaviours.shift() ?? { kind: 'accept' }
    if (behaviour.kind === 'refuse') {
      const error: SmtpError = new Error(behaviour.message)
      error.responseCode = behaviour.code
      return callback(error)
    }
    if (behaviour.kind === 'hold') await behaviour.beforeAnswer(mail)
    received.push(mail)
    for (const wake of waiters.splice(0)) wake()
    callback()
  }

  function listen() {
    server = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session: SMTPServerSession, callback) {
        const isValid = auth.username === smtpUser.username && auth.password === smtpUser.password
        if (isValid) return callback(null, { user: auth.username })
        // A careless server that repeats what it was sent: the client must not pass it on.
        const echo = options.echoPasswordOnRefusal ? ` (${auth.password})` : ''
        callback(new Error(`Invalid username or password${echo}`))
      },
      onRcptTo(address, _session, callback) {
        const recipient = address.address.toLowerCase()
        const refusal = unknownMailboxes.has(recipient)
          ? { code: 550, message: `5.1.1 <${address.address}>: User unknown` }
          : recipientRefusals.get(recipient)
        if (!refusal) return callback()
        const error: SmtpError = new Error(refusal.message)
        error.responseCode = refusal.code
        callback(error)
      },
      onData: (stream, _session, callback) => {
        handleData(stream, callback).catch((error: Error) => callback(error))
      },
    })
    // A client killed mid-session resets its connection: a real server notes it and carries on.
    server.on('error', () => {})
    return new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
  }

  function stop() {
    return new Promise<void>((resolve) => {
      if (!server) return resolve()
      server.close(() => resolve())
      server = null
    })
  }

  await listen()
  const urlWith = (password: string) =>
    `smtp://${smtpUser.username}:${encodeURIComponent(password)}@127.0.0.1:${port}`
  return {
    port,
    url: urlWith(smtpUser.password),
    /** The same server, logged into with another password. */
    urlWith,
    received,
    behaviours,
    unknownMailboxes,
    recipientRefusals,
    /** Resolves once `count` messages in all have arrived. */
    async waitForCount(count: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`Only ${received.length} of ${count} messages arrived`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return received.slice(0, count)
    },
    /** Down: connections are refused until `start()`. */
    stop,
    start: listen,
    close: stop,
  }
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
