import type { ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { publicUrl, useMailServer } from '../../test/mail-server'
import { postgresOnly } from '../../test/test-server'
import { queueDueReminders } from './reminders.service'

const day = 24 * 60 * 60 * 1000

const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((header) => header.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\s+/g, ' ')

describe.each(postgresOnly)('one-click unsubscribe from reminders on %s', (kind) => {
  const t = useMailServer(kind)

  function subscriber(email: string) {
    return t.newPerson({
      email,
      subscriptionStatus: 'active',
      paidPlan: 'Family',
      subscriptionPrice: '9.99',
      subscriptionStartDate: t.now,
      subscriptionEndDate: new Date(t.now.getTime() + 7 * day - 60_000),
    })
  }

  /** The reminder's one-click address, on this test server instead of PUBLIC_URL. */
  function oneClickUrl(mail: ParsedMail): string {
    const header = headerOf(mail, 'list-unsubscribe') ?? ''
    const url = /<(https?:[^>]+)>/.exec(header)?.[1] ?? ''
    expect(url.startsWith(`${publicUrl}/api/unsubscribe/`)).toBe(true)
    return url.replace(publicUrl, t.server.baseUrl)
  }

  it('stops reminders for that person only, by a POST with no cookie; a GET only asks', async () => {
    const leaving = await subscriber('leaving@example.com')
    await subscriber('staying@example.com')
    await queueDueReminders(t.server.app.db, t.now)
    const reminders = await t.flush()
    expect(reminders).toHaveLength(2)
    const mail = reminders.find((each) => each.to && JSON.stringify(each.to).includes('leaving'))!
    expect(headerOf(mail, 'list-unsubscribe')).toMatch(
      /^<https:\/\/watch\.example\.com\/api\/unsubscribe\/[\w-]+>, <mailto:hello@streamline\.test\?subject=unsubscribe>$/,
    )
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const url = oneClickUrl(mail)
    const preferences = async () =>
      (await t.admin.get(`/api/messages/people/${leaving.id}/preferences`)).body

    // A link scanner opening the address unsubscribes nobody.
    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<form method="post">')
    expect(html).toContain('Unsubscribe from reminders')
    expect(await preferences()).toEqual({ remindersStoppedAt: null })

    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toContain('You are unsubscribed from reminders')
    expect(await preferences()).toEqual({ remindersStoppedAt: t.now.toISOString() })
    // Pressed again (a second client, the page's button): still fine, nothing changes.
    expect((await fetch(url, { method: 'POST' })).status).toBe(200)
    expect(await preferences()).toEqual({ remindersStoppedAt: t.now.toISOString() })

    // The 3-day reminder goes to the other person only.
    await t.travel(4)
    await queueDueReminders(t.server.app.db, t.now)
    expect((await t.messagesTo('leaving@example.com')).map((row) => row.kind)).toEqual([
      'subscription_reminder',
    ])
    expect((await t.messagesTo('staying@example.com')).map((row) => row.kind)).toEqual([
      'subscription_reminder',
      'subscription_reminder',
    ])

    // A renewal is still confirmed (it is no reminder), with the same link to the person's choice.
    const renewed = await t.admin.post(`/api/trial-requests/${leaving.id}/subscription/extend`, {
      months: 1,
      price: '9.99',
    })
    expect(renewed.status).toBe(200)
    const arrived = await t.flush()
    const confirmation = arrived.find((each) => JSON.stringify(each.to).includes('leaving'))!
    expect(confirmation.subject).toContain('now runs until')
    expect(oneClickUrl(confirmation)).toBe(url)
  })

  it('answers an unknown or malformed link with a 404 page, unsubscribing nobody', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'not a token', 'short']) {
      const url = `${t.server.baseUrl}/api/unsubscribe/${token}`
      const page = await fetch(url)
      expect(page.status).toBe(404)
      expect(await page.text()).toContain('This link is not valid')
      expect((await fetch(url, { method: 'POST' })).status).toBe(404)
    }
  })
})
