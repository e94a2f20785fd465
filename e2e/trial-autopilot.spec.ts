import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { workerBrowser, loginAs, closeFilePages } from './fixtures'
import { startMailingServer, type MailingServer } from './mailing-server'

const tag = `a${Date.now().toString(36)}`
const email = `ada.${tag}@example.com`

/**
 * A visitor asks for a trial while Start trials automatically is on: no admin touches it, and
 * the e-mail that arrives holds a login that works on the supplier panel (a line with that
 * username and password, enabled, a trial). The trial autopilot's job runs every 10 s.
 */
describe('trial autopilot: a trial that starts itself', () => {
  let server: MailingServer
  let browser: Browser

  beforeAll(async () => {
    server = await startMailingServer()
    browser = await workerBrowser()
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('an admin turns it on with its switch in Business Settings', async () => {
    const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage()
    await loginAs(page)
    await page.getByRole('tab', { name: 'Business Settings', exact: true }).click()
    const form = page.getByRole('form', { name: 'Platform Configuration' })
    const autopilot = form.getByRole('switch', { name: 'Start trials automatically' })
    expect(await autopilot.getAttribute('aria-checked')).toBe('false')
    await autopilot.click()
    await form.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Platform settings saved successfully').waitFor()
    expect(await server.api('GET', '/api/settings/platform')).toMatchObject({
      autoStartTrials: true,
    })
    await page.context().close()
  })

  it('a visitor’s request gets an e-mail with a login that works on the panel', async () => {
    const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage()
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Start Free Trial' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start Your Free Trial' })
    await dialog.getByLabel('First Name').fill('Ada')
    await dialog.getByLabel('Last Name').fill('Lovelace')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Plan').selectOption({ index: 1 })
    const requestedAt = Date.now()
    await dialog.getByRole('button', { name: 'Request Free Trial' }).click()
    await page.getByRole('dialog', { name: 'Trial Request Submitted!' }).waitFor()

    const [mail] = await server.smtp.waitForCount(1, 60_000)
    expect(Date.now() - requestedAt).toBeLessThan(60_000)
    expect(mail!.to).toMatchObject({ text: email })
    expect(mail!.subject).toBe('Your StreamLine login is ready')
    const username = /Username: (\S+)/.exec(mail!.text ?? '')?.[1]
    const password = /Password: (\S+)/.exec(mail!.text ?? '')?.[1]
    const line = server.supplier.lines.find((each) => each.username === username)
    expect(line).toMatchObject({ password, enabled: '1', is_trial: '1' })
    expect(mail!.text).toContain(`username=${username}&password=${password}`)
    await page.context().close()
  })

  it('the admin sees it counted as started automatically', async () => {
    const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage()
    await loginAs(page)
    await page.getByRole('tab', { name: 'Users & Contacts', exact: true }).click()
    const figures = page.getByRole('region', { name: 'Trial autopilot' })
    const started = figures.locator('div', { has: page.getByText('Trials started automatically') })
    await expect.poll(() => started.locator('dd').first().innerText()).toBe('1')
    await figures.getByText('Autopilot on').waitFor()
    await page.context().close()
  })
})
