import LinkifyIt from 'linkify-it'
import type { ParsedMail } from 'mailparser'
import { beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { publicUrl, useMailServer } from '../../test/mail-server'
import { postgresOnly } from '../../test/test-server'
import { queueDueReminders } from './reminders.service'

const day = 24 * 60 * 60_000
const phishing = 'Your account is suspended - verify at https://evil.test/login'

describe.each(postgresOnly)('mail a stranger can make us send, on %s', (kind) => {
  const t = useMailServer(kind)
  const visitor = () => createClient(t.server.baseUrl)
  // Each test starts in a fresh minute of the per-IP ticket limit (10 a minute).
  beforeEach(() => t.advance(2 * 60_000))

  function openTicket(customerEmail: string, fields: Record<string, string> = {}) {
    return visitor().post('/api/support-tickets', {
      customerName: 'Eve Example',
      customerEmail,
      subject: 'Buffering',
      description: 'It stops every minute',
      ...fields,
    })
  }

  /** The acknowledgements queued for these addresses, by status. */
  async function acknowledgements(...addresses: string[]) {
    const rows = (await Promise.all(addresses.map((address) => t.messagesTo(address)))).flat()
    return rows.filter((row) => row.kind === 'ticket_created')
  }

  it('acknowledges at most 3 tickets a day to one mailbox, however it is spelled', async () => {
    const spellings = [
      'eve.x@gmail.com',
      'EveX@gmail.com',
      'evex+tv@googlemail.com',
      'e.v.e.x@gmail.com',
    ]
    for (const address of spellings) expect((await openTicket(address)).status).toBe(201)
    const arrived = await t.flush()
    expect(arrived).toHaveLength(3)
    const rows = await acknowledgements(...spellings)
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'skipped'])
    expect(rows[3]!.lastError).toBe('The address had 3 ticket acknowledgements within 24 hours')
    // Logged at info with the ticket and the reason, never the address.
    const line = t.logs.find((each) => each.includes('Ticket acknowledgement not sent'))!
    expect(JSON.parse(line)).toMatchObject({ level: 30, ticketId: rows[3]!.ticketId })
    expect(line).not.toMatch(/gmail/i)

    // A day later the mailbox hears of a new ticket again.
    await t.travel(1)
    expect((await openTicket('evex@gmail.com')).status).toBe(201)
    expect(await t.flush()).toHaveLength(1)
  })

  it('counts +tags at any domain as one mailbox, and at most 50 a day at one company', async () => {
    const tagged = ['victim+1@corp.example', 'Victim+2@Corp.example', 'victim+3@corp.example']
    for (const address of [...tagged, 'victim+4@corp.example', 'victim@corp.example']) {
      expect((await openTicket(address)).status).toBe(201)
    }
    const statuses = (
      await acknowledgements(...tagged, 'victim+4@corp.example', 'victim@corp.example')
    ).map((row) => row.status)
    expect(statuses).toEqual(['queued', 'queued', 'queued', 'skipped', 'skipped'])

    // Distinct mailboxes at one company's domain: 50 a day in all (3 counted above).
    const staff = Array.from({ length: 48 }, (_, index) => `staff${index}@corp.example`)
    for (const [index, address] of staff.entries()) {
      if (index % 10 === 0) t.advance(2 * 60_000)
      expect((await openTicket(address)).status).toBe(201)
    }
    const rows = await acknowledgements(...staff)
    expect(rows.filter((row) => row.status === 'queued')).toHaveLength(47)
    expect(rows.at(-1)).toMatchObject({
      status: 'skipped',
      lastError: "The address's domain had 50 ticket acknowledgements within 24 hours",
    })
    // Another domain, and a big provider's many people, are not held by corp.example's count.
    expect((await openTicket('someone@other.example')).status).toBe(201)
    expect(await acknowledgements('someone@other.example')).toMatchObject([{ status: 'queued' }])
    await t.flush()
  })

  it('counts tickets opened at the same moment once each (the count is in the database)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => openTicket('burst@example.com')),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201))
    const statuses = (await acknowledgements('burst@example.com')).map((row) => row.status)
    expect(statuses.filter((status) => status === 'queued')).toHaveLength(3)
    expect(statuses.filter((status) => status === 'skipped')).toHaveLength(3)
    expect(await t.flush()).toHaveLength(3)
  })

  it('sends no acknowledgement to a mailbox that bounced, and stops retrying it', async () => {
    t.smtp.unknownMailboxes.add('ghost@example.com')
    await openTicket('ghost@example.com')
    expect(await t.flush()).toHaveLength(0)
    const [bounced] = await acknowledgements('ghost@example.com')
    // Failed at the first refusal: a mailbox that does not exist will not appear in a minute.
    expect(bounced).toMatchObject({ status: 'failed', attempts: 1 })
    expect(bounced!.lastError).toContain('User unknown')

    await openTicket('Ghost+again@Example.com')
    const [again] = await acknowledgements('Ghost+again@Example.com')
    expect(again).toMatchObject({
      status: 'skipped',
      lastError: 'The address bounced an earlier e-mail',
    })
    // An admin's resend is held the same way.
    const resent = await t.admin.post(`/api/messages/${bounced!.id}/resend`)
    expect(resent.status).toBe(409)
    expect(resent.body.message).toBe('Not resent: The address bounced an earlier e-mail')

    // A bounce is forgotten after 30 days: the mailbox may exist by then.
    await t.travel(31)
    t.smtp.unknownMailboxes.delete('ghost@example.com')
    await openTicket('ghost@example.com')
    expect(await t.flush()).toHaveLength(1)
  })

  it('retries a refusal that is not about the mailbox (554 5.7.1 relaying denied)', async () => {
    t.smtp.recipientRefusals.set('walled@example.com', {
      code: 554,
      message: '5.7.1 <walled@example.com>: Relay access denied',
    })
    await openTicket('walled@example.com')
    expect(await t.flush()).toHaveLength(0)
    const [refused] = await acknowledgements('walled@example.com')
    expect(refused).toMatchObject({ status: 'queued', attempts: 1 })
    expect(refused!.lastError).toContain('Relay access denied')

    // Not a bounce: once the relay lets it through, the retry and a new ticket both arrive.
    t.smtp.recipientRefusals.delete('walled@example.com')
    await openTicket('walled@example.com')
    t.advance(60_000)
    expect(await t.flush()).toHaveLength(2)
  })

  it('resends an acknowledgement only within the same limit as a new one', async () => {
    for (let index = 0; index < 2; index += 1) await openTicket('again@example.com')
    const [first] = await acknowledgements('again@example.com')
    const third = await t.admin.post(`/api/messages/${first!.id}/resend`)
    expect(third.status).toBe(201)
    const fourth = await t.admin.post(`/api/messages/${first!.id}/resend`)
    expect(fourth.status).toBe(409)
    expect(fourth.body.message).toBe(
      'Not resent: The address had 3 ticket acknowledgements within 24 hours',
    )
    expect(await acknowledgements('again@example.com')).toHaveLength(3)
    expect(await t.flush()).toHaveLength(3)
  })

  it('sends no acknowledgement to an address that unsubscribed', async () => {
    await t.newPerson({
      email: 'quiet@example.com',
      subscriptionStatus: 'active',
      paidPlan: 'Family',
      subscriptionPrice: '9.99',
      subscriptionStartDate: t.now,
      subscriptionEndDate: new Date(t.now.getTime() + 7 * day - 60_000),
    })
    await queueDueReminders(t.server.app.db, t.now)
    const [reminder] = await t.flush()
    const header = reminder!.headerLines.find((each) => each.key === 'list-unsubscribe')!.line
    const oneClick = /<(https:[^>]+)>/.exec(header)![1]!.replace(publicUrl, t.server.baseUrl)
    const stopped = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(stopped.status).toBe(200)

    expect((await openTicket('quiet@example.com')).status).toBe(201)
    expect((await openTicket('quiet+x@example.com')).status).toBe(201)
    expect(await t.flush()).toHaveLength(0)
    const skipped = { status: 'skipped', lastError: 'The address unsubscribed from our e-mails' }
    expect(await acknowledgements('quiet@example.com', 'quiet+x@example.com')).toMatchObject([
      skipped,
      skipped,
    ])
  })

  it('never links what the customer wrote, nor puts it in the Subject', async () => {
    await openTicket('mark@example.com', {
      customerName: 'https://evil.test/x Smith',
      subject: phishing,
    })
    const [mail] = await t.flush()
    expect(mail!.subject).toBe('We received your StreamLine support ticket')
    const html = String(mail!.html)
    expect(html).not.toMatch(/href="[^"]*evil/)
    // Still readable, quoted in the body, but no client finds a link in it.
    expect(mail!.text).toContain(
      '“Your account is suspended - verify at https[:]//evil[.]test/login”',
    )
    expect(mail!.text).toContain('Hi https[:]//evil[.]test/x,')
    expect(linksIn(mail!)).toEqual([expect.stringMatching(`^${publicUrl}/support\\?ticket=`)])
  })
})

/** Every link a client's autolinker (here linkify-it, as in many clients) would find in the text. */
function linksIn(mail: ParsedMail): string[] {
  const linkify = new LinkifyIt({ fuzzyIP: true })
  return [...new Set((linkify.match(mail.text ?? '') ?? []).map((match) => match.url))]
}
