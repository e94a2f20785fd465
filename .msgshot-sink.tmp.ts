import { SMTPServer } from 'smtp-server'
const server = new SMTPServer({
  allowInsecureAuth: true, disabledCommands: ['STARTTLS'], logger: false,
  onAuth: (auth, _s, cb) => cb(null, { user: auth.username }),
  onRcptTo: (address, _s, cb) => address.address.includes('fail') ? cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })) : cb(),
  onData: (stream, _s, cb) => { stream.resume(); stream.on('end', () => cb()) },
})
server.listen(2525, '127.0.0.1')
