import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { signInLinkSentMessage } from '../../../common/customer-account'
import { trialRequests } from '../../db/schema/trial-requests'
import { signedInCustomer, signInTokenIn } from '../../test/customer-fixtures'
import { createClient } from '../../test/http-client'
import { publicUrl, useMailServer } from '../../test/mail-server'
import { postgresOnly } from '../../test/test-server'
import { queueMessage } from '../messages/outbox.service'

const minute = 60_000
const isTo = (mail: ParsedMail, address: string) =>
  Boolean(mail.to && 'text' in mail.to && mail.to.text === address)
const day = 24 * 60 * minute

describe.each(postgresOnly)('signing in to the customer page by e-mailed link (%s)', (kind) => {
  const t = useMailServer(kind)
  const browser = () => createClient(t.server.baseUrl)

  /** Asks for a link for `email` and sends what the outbox holds; answers the mail to it, if any. */
  async function askForLink(email: string, client = browser()) {
    const answer = await client.post('/api/account/sign-in-link', { email })
    const mails = await t.flush()
    return { answer, mail: mails.find((mail) => isTo(mail, email)) }
  }

  it('answers alike for known and unknown addresses, and e-mails only the known one', async () => {
    const person = await t.newPerson({ email: 'known-address@example.com' })
    const known = await askForLink(person.email)
    const unknown = await askForLink('nobody-here@example.com')
    for (const { answer } of [known, unknown]) {
      expect(answer.status).toBe(202)
      expect(answer.body).toEqual({ message: signInLinkSentMessage })
    }
    expect(unknown.mail).toBeUndefined()
    expect(known.mail?.subject).toBe(`Sign in to your ${t.server.app.config.brandName} account`)
    expect(known.mail?.text).toContain(`${publicUrl}/account/sign-in?token=`)
  })

  it('signs in once with a link, with its own secure cookie, and shows that person only', async () => {
    const person = await t.newPerson({ email: 'once-only@example.com', firstName: 'Lina' })
    await t.newPerson({ email: 'someone-else@example.com' })
    const token = signInTokenIn((await askForLink(person.email)).mail?.text)

    const customer = browser()
    const signedIn = await customer.post('/api/account/sign-in', { token })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toEqual({ firstName: 'Lina' })
    const cookie = signedIn.headers.get('set-cookie')!
    // PUBLIC_URL is https: the __Host- prefix, which browsers accept only Secure and on path /.
    expect(cookie).toMatch(/^__Host-customer_session=/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('Secure')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`)
    // Its companion the page reads to know it may be signed in: no secret, the same lifetime.
    const hint = signedIn.headers
      .getSetCookie()
      .find((set) => set.startsWith('customer_signed_in='))
    expect(hint).toMatch(/^customer_signed_in=1;/)
    expect(hint).not.toContain('HttpOnly')
    expect(hint).toContain('Secure')
    expect(hint).toContain(`Max-Age=${30 * 24 * 60 * 60}`)

    const account = await customer.get('/api/account')
    expect(account.status).toBe(200)
    expect(account.body.person).toEqual({
      firstName: 'Lina',
      lastName: person.lastName,
      email: person.email,
    })

    const again = await browser().post('/api/account/sign-in', { token })
    expect(again.status).toBe(410)
    expect(again.body).toEqual({ message: 'This sign-in link was already used.', problem: 'used' })
  })

  it('shows whom a link signs in, as often as asked, without using it up', async () => {
    const person = await t.newPerson({ email: 'previewed@example.com' })
    const token = signInTokenIn((await askForLink(person.email)).mail?.text)
    const customer = browser()
    // A mail scanner that runs the page gets this far, and the link still works.
    for (let i = 0; i < 2; i++) {
      const preview = await customer.post('/api/account/sign-in/preview', { token })
      expect(preview.status).toBe(200)
      expect(preview.body).toEqual({
        email: 'previewed@example.com',
        signedInAs: null,
        isSignedInAlready: false,
      })
      expect(preview.headers.get('set-cookie')).toBeNull()
    }
    expect((await customer.post('/api/account/sign-in', { token })).status).toBe(200)

    const used = await browser().post('/api/account/sign-in/preview', { token })
    expect(used.status).toBe(410)
    expect(used.body).toEqual({ message: 'This sign-in link was already used.', problem: 'used' })
    const forged = await browser().post('/api/account/sign-in/preview', { token: 'A'.repeat(43) })
    expect(forged.body).toEqual({ message: 'This sign-in link is not valid.', problem: 'unknown' })
    const late = signInTokenIn((await askForLink(person.email)).mail?.text)
    t.advance(31 * minute)
    const expired = await browser().post('/api/account/sign-in/preview', { token: late })
    expect(expired.body).toEqual({ message: 'This sign-in link has expired.', problem: 'expired' })
    const malformed = await browser().post('/api/account/sign-in/preview', { token: 'short' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues[0].path).toBe('token')
  })

  it('counts previews with sign-ins: 30 looks at links in 15 minutes per IP', async () => {
    t.advance(16 * minute)
    const look = () => browser().post('/api/account/sign-in/preview', { token: 'B'.repeat(43) })
    for (let i = 0; i < 29; i++) expect((await look()).status).toBe(410)
    const person = await t.newPerson({ email: 'limited-look@example.com' })
    const token = signInTokenIn((await askForLink(person.email)).mail?.text)
    expect((await browser().post('/api/account/sign-in', { token })).status).toBe(200)
    expect((await look()).status).toBe(429)
    expect((await browser().post('/api/account/sign-in', { token })).status).toBe(429)
    await t.travel(16 / (24 * 60))
  })

  it('asks before a link signs out another customer, and keeps them signed in until then', async () => {
    const signedIn = await t.newPerson({ email: 'first-customer@example.com', firstName: 'Ana' })
    const other = await t.newPerson({ email: 'second-customer@example.com', firstName: 'Ben' })
    const shared = await signedInCustomer(t.server, signedIn, t.now)
    const token = signInTokenIn((await askForLink(other.email)).mail?.text)

    const preview = await shared.post('/api/account/sign-in/preview', { token })
    expect(preview.body).toEqual({
      email: other.email,
      signedInAs: signedIn.email,
      isSignedInAlready: false,
    })
    const unasked = await shared.post('/api/account/sign-in', { token })
    expect(unasked.status).toBe(409)
    expect(unasked.body).toEqual({
      message:
        'You are signed in as first-customer@example.com. Continue as second-customer@example.com?',
      signedInAs: signedIn.email,
    })
    expect(unasked.headers.get('set-cookie')).toBeNull()
    expect((await shared.get('/api/account')).body.person.firstName).toBe('Ana')

    // The link was left unused: confirmed, it signs in the other customer, and the first is out.
    const confirmed = await shared.post('/api/account/sign-in', { token, switchAccount: true })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ firstName: 'Ben' })
    expect((await shared.get('/api/account')).body.person.firstName).toBe('Ben')
    const first = await t.admin.get(`/api/trial-requests/${signedIn.id}/account-activity`)
    expect(first.body.activeSessions).toBe(0)
  })

  it('changes nothing when the link is of the customer already signed in', async () => {
    const person = await t.newPerson({ email: 'already-in@example.com', firstName: 'Cleo' })
    const customer = await signedInCustomer(t.server, person, t.now)
    const token = signInTokenIn((await askForLink(person.email)).mail?.text)
    const preview = await customer.post('/api/account/sign-in/preview', { token })
    expect(preview.body).toEqual({
      email: person.email,
      signedInAs: null,
      isSignedInAlready: true,
    })
    const again = await customer.post('/api/account/sign-in', { token })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ firstName: 'Cleo' })
    expect(again.headers.get('set-cookie')).toBeNull()
    expect((await customer.get('/api/account')).status).toBe(200)
    const activity = await t.admin.get(`/api/trial-requests/${person.id}/account-activity`)
    expect(activity.body.activeSessions).toBe(1)
    expect(activity.body.entries).toHaveLength(1)
    // The link is spent all the same: a copy of it signs no one in elsewhere.
    expect((await browser().post('/api/account/sign-in', { token })).status).toBe(410)
  })

  it('refuses a link after its 30 minutes, and one that was never made', async () => {
    const person = await t.newPerson({ email: 'late-opener@example.com' })
    const token = signInTokenIn((await askForLink(person.email)).mail?.text)
    t.advance(31 * minute)
    const late = await browser().post('/api/account/sign-in', { token })
    expect(late.status).toBe(410)
    expect(late.body.problem).toBe('expired')
    const forged = await browser().post('/api/account/sign-in', { token: 'A'.repeat(43) })
    expect(forged.status).toBe(410)
    expect(forged.body.problem).toBe('unknown')
    const malformed = await browser().post('/api/account/sign-in', { token: 'short' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.issues[0].path).toBe('token')
  })

  it('limits links per mailbox, whether or not the address is known', async () => {
    for (const email of ['limited-known@example.com', 'limited-unknown@example.com']) {
      if (email.startsWith('limited-known')) await t.newPerson({ email })
      const statuses = []
      for (let i = 0; i < 4; i++) {
        statuses.push((await browser().post('/api/account/sign-in-link', { email })).status)
      }
      expect(statuses).toEqual([202, 202, 202, 429])
    }
  })

  it('puts a "Manage your subscription" link in a customer e-mail, good for 7 days, once', async () => {
    const person = await t.newPerson({ email: 'manage-link@example.com' })
    const variables = { endAt: new Date(t.now.getTime() + 30 * day).toISOString() }
    const queue = () =>
      t.server.app.db.transaction((tx) =>
        queueMessage(
          tx,
          {
            kind: 'renewal_confirmation',
            recipient: person.email,
            trialRequestId: person.id,
            variables,
          },
          t.now,
        ),
      )
    await queue()
    const [mail] = (await t.flush()).filter((sent) => isTo(sent, person.email))
    expect(mail?.text).toContain('Manage your subscription')
    const token = signInTokenIn(mail?.text)
    await t.travel(6)
    expect((await browser().post('/api/account/sign-in', { token })).status).toBe(200)
    expect((await browser().post('/api/account/sign-in', { token })).status).toBe(410)

    await queue()
    const [later] = (await t.flush()).filter((sent) => isTo(sent, person.email))
    await t.travel(7 + 1 / 24)
    const stale = await browser().post('/api/account/sign-in', {
      token: signInTokenIn(later?.text),
    })
    expect(stale.body.problem).toBe('expired')
  })

  it('keeps customer and admin sessions apart, both ways', async () => {
    const person = await t.newPerson({ email: 'apart@example.com' })
    const customer = await signedInCustomer(t.server, person, t.now)
    for (const path of ['/api/trial-requests', '/api/payments', `/api/people/${person.id}`]) {
      const answer = await customer.get(path)
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ message: 'Authentication required' })
    }
    expect((await customer.post('/api/plans', { name: 'X', price: '1.00' })).status).toBe(401)
    // The admin's cookie is no customer session, on every customer route.
    expect((await t.admin.get('/api/account')).status).toBe(401)
    expect((await t.admin.post('/api/account/checkout', {})).status).toBe(401)
    expect((await browser().get('/api/account')).status).toBe(401)
  })

  it('ends sessions on sign-out, on "Sign out everywhere" and when the e-mail changes', async () => {
    const person = await t.newPerson({ email: 'sessions-end@example.com' })
    const first = await signedInCustomer(t.server, person, t.now)
    const signedOut = await first.post('/api/account/sign-out')
    expect(signedOut.status).toBe(204)
    // Both cookies go: the header stops saying "My account".
    expect(signedOut.headers.getSetCookie().map((set) => set.split(';')[0])).toEqual([
      '__Host-customer_session=',
      'customer_signed_in=',
    ])
    expect((await first.get('/api/account')).status).toBe(401)

    const phone = await signedInCustomer(t.server, person, t.now)
    const laptop = await signedInCustomer(t.server, person, t.now)
    const ended = await t.admin.post(`/api/trial-requests/${person.id}/customer-sign-out`)
    expect(ended.body).toEqual({ ended: 2 })
    expect((await phone.get('/api/account')).status).toBe(401)
    expect((await laptop.get('/api/account')).status).toBe(401)

    const again = await signedInCustomer(t.server, person, t.now)
    await t.server.app.db
      .update(trialRequests)
      .set({ email: 'new-address@example.com' })
      .where(eq(trialRequests.id, person.id))
    expect((await again.get('/api/account')).status).toBe(401)
  })

  it('ends a session after 7 idle days, and after 30 days however often it is used', async () => {
    const person = await t.newPerson({ email: 'session-age@example.com' })
    const idle = await signedInCustomer(t.server, person, t.now)
    await t.travel(7 + 1 / 24)
    expect((await idle.get('/api/account')).status).toBe(401)

    const busy = await signedInCustomer(t.server, person, t.now)
    for (const days of [6, 6, 6, 6, 5]) {
      await t.travel(days)
      expect((await busy.get('/api/account')).status).toBe(200)
    }
    await t.travel(2)
    expect((await busy.get('/api/account')).status).toBe(401)
  })

  it('lets an admin send a link and see when the person last signed in', async () => {
    const person = await t.newPerson({ email: 'admin-sends@example.com' })
    const sent = await t.admin.post(`/api/trial-requests/${person.id}/sign-in-link`)
    expect(sent.status).toBe(202)
    const [mail] = (await t.flush()).filter((message) => isTo(message, person.email))
    const signingInAt = t.now
    const customer = browser()
    expect(
      (await customer.post('/api/account/sign-in', { token: signInTokenIn(mail?.text) })).status,
    ).toBe(200)

    const activity = await t.admin.get(`/api/trial-requests/${person.id}/account-activity`)
    expect(activity.status).toBe(200)
    expect(activity.body).toMatchObject({
      lastSignInAt: signingInAt.toISOString(),
      activeSessions: 1,
      entries: [{ action: 'signed_in', detail: null }],
    })
    expect((await customer.get(`/api/trial-requests/${person.id}/account-activity`)).status).toBe(
      401,
    )
  })
})
