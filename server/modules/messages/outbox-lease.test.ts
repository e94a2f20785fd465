import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { useMailServer } from '../../test/mail-server'
import { databaseKinds } from '../../test/test-server'
import { leaseMs } from '../../lib/lease'
import { claimNext } from './outbox-worker'

describe.each(databaseKinds)('outbox leases on %s', (kind) => {
  const t = useMailServer(kind)
  let sequence = 0

  /** A ticket (its confirmation queued) with an address of its own; answers its one message. */
  async function queueOne() {
    sequence += 1
    const email = `lease${sequence}@example.com`
    const answer = await createClient(t.server.baseUrl).post('/api/support-tickets', {
      customerName: 'Lea',
      customerEmail: email,
      subject: `Ticket ${sequence}`,
      description: 'Please help',
    })
    expect(answer.status).toBe(201)
    return { email, message: async () => (await t.messagesTo(email))[0]! }
  }

  it('takes over a message whose sender died once its lease lapses, with the same Message-ID', async () => {
    const { email, message } = await queueOne()
    // A process claims it, then dies: nobody renews the claim.
    const claimed = await claimNext(t.server.app.db, t.now, ['email'])
    expect(claimed).toMatchObject({ recipient: email, status: 'sending', attempts: 1 })

    t.advance(leaseMs - 1)
    expect(await t.flush()).toHaveLength(0)
    expect(await message()).toMatchObject({ status: 'sending', attempts: 1 })

    t.advance(2)
    const [mail, ...rest] = await t.flush()
    expect(rest).toHaveLength(0)
    expect(mail!.to).toMatchObject({ text: email })
    expect(mail!.messageId).toBe(`<${claimed!.id}@streamline.test>`)
    expect(await message()).toMatchObject({ status: 'sent', attempts: 2, claimedUntil: null })
  })

  it('keeps renewing the lease of a message a live process is still sending', async () => {
    const { email, message } = await queueOne()
    let release!: () => void
    let isHeld!: () => void
    const held = new Promise<void>((resolve) => (isHeld = resolve))
    t.smtp.behaviours.push({
      kind: 'hold',
      beforeAnswer: () => {
        isHeld()
        return new Promise<void>((resolve) => (release = resolve))
      },
    })
    const sending = t.flush()
    await held
    // Far past the first lease by the clock: only a renewal keeps another process off it.
    t.advance(5 * leaseMs)
    await t.until(async () => (await message()).claimedUntil! > t.now)
    expect(await claimNext(t.server.app.db, t.now, ['email'])).toBeUndefined()

    release()
    const mails = await sending
    expect(mails.map((mail) => mail.to && 'text' in mail.to && mail.to.text)).toEqual([email])
    expect(await message()).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null })
  })
})
