import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plan } from '../common/plans'
import { adminPaths } from '../common/routes'
import { axeViolations } from './axe'
import { closeFilePages, isWiderThanScreen, loginAs, workerBrowser } from './fixtures'
import { owner } from './owner'
import { startPaymentServer, type PaymentServer } from './payment-server'

/**
 * Issue 44, items 1, 4 and 5 on a 390 px phone in the dark and a 1440 px desktop in the light,
 * on one server: every screen says the number of devices the person's line plays on; the device
 * guide shows the server URL, hides the M3U address with the password and offers the QR code for
 * another device; an imported customer whose paid period runs on is listed as needing a line, is
 * promised no "same login" before they have one, and hears of their login once when it is made.
 */
const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
] as const
const shots = process.env.E2E_SCREENSHOTS_DIR
const importHeader = 'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference'

let server: PaymentServer
let browser: Browser
beforeAll(async () => {
  server = await startPaymentServer()
  browser = await workerBrowser()
  await server.api<Plan>('POST', '/api/plans', {
    name: 'Duo',
    price: '19.99',
    currency: 'EUR',
    billingPeriod: 'monthly',
    maxConnections: 2,
  })
})
afterAll(async () => {
  await closeFilePages()
  await server?.stop()
})

/** Brings in one payment history row, as the owner's Import history sends the file. */
async function importHistory(row: string) {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify(owner),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  const imported = await fetch(`${server.baseUrl}/api/imports/payments?dryRun=false`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'text/csv; charset=utf-8' },
    body: `${importHeader}\n${row}`,
  })
  expect(imported.status).toBe(200)
}

describe.each(screens)(
  'screens, the device guide and the login tell the truth ($name)',
  (screen) => {
    const snap = (page: Page, name: string) =>
      shots
        ? page.screenshot({ path: `${shots}/${name}-${screen.name}.png`, fullPage: true })
        : null
    const newPage = async () =>
      (
        await browser.newContext({
          baseURL: server.baseUrl,
          viewport: screen.viewport,
          colorScheme: screen.colorScheme,
          bypassCSP: true,
        })
      ).newPage()
    /** The customer's own page, signed in with the link an admin sends. */
    async function accountPage(person: { id: string; email: string; firstName: string }) {
      const page = await newPage()
      await page.goto(await server.signInLinkFor(person))
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByRole('heading', { name: `Hi ${person.firstName}` }).waitFor()
      return page
    }
    /** The person's row (desktop) or card (phone) in Users & Contacts, found by their e-mail. */
    async function contactOf(page: Page, email: string, name: string): Promise<Locator> {
      await page.getByLabel('Search contacts').fill(email)
      return screen.name === 'phone'
        ? page.getByRole('listitem', { name })
        : page.getByRole('row').filter({ hasText: name })
    }
    /** Opens the person's line dialog from their row or card. */
    async function openLine(page: Page, contact: Locator, name: string) {
      if (screen.name === 'phone') await contact.getByText('Details and actions').click()
      await contact.getByRole('button', { name: `Line of ${name}` }).click()
      return page.getByRole('dialog', { name: `Line of ${name}` })
    }

    it('items 1 and 5: a one-screen line reads one device, and the guide shows what it asks for', async () => {
      const solo = await server.addTrialCustomer(`Solo${screen.name}`)
      const page = await accountPage({ ...solo, firstName: solo.name.split(' ')[0]! })
      await page.getByText('Plays on 1 device at a time.').waitFor()
      expect(await page.getByText(/devices at a time/).count()).toBe(0)

      // The Xtream Codes login: server URL, username and password, each with copy.
      await page.getByText(new URL(solo.m3uUrl).origin, { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Copy server url' }).waitFor()
      await page.getByText(solo.username, { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Copy username' }).waitFor()
      await page.getByRole('button', { name: 'Copy password' }).waitFor()
      // The M3U address holds the password: both hidden, both shown with Show password.
      expect(await page.getByText(solo.password).count()).toBe(0)
      expect(await page.getByText(solo.m3uUrl).count()).toBe(0)
      await page.getByRole('button', { name: 'Show password' }).click()
      await page.getByText(solo.password, { exact: true }).waitFor()
      await page.getByText(solo.m3uUrl, { exact: true }).waitFor()
      // The QR code is for another device, shown when asked.
      const qr = page.getByRole('img', { name: 'QR code of your M3U address' })
      expect(await qr.count()).toBe(0)
      await page.getByRole('button', { name: 'Show QR for a TV or another phone' }).click()
      await qr.waitFor()
      await snap(page, 'device-guide')
      expect(await isWiderThanScreen(page)).toBe(false)
      expect(await axeViolations(page)).toEqual([])
      await page.context().close()

      // The admin's client instructions say the same number.
      const admin = await newPage()
      await loginAs(admin, owner, adminPaths.section('users'))
      const contact = await contactOf(admin, solo.email, solo.name)
      const dialog = await openLine(admin, contact, solo.name)
      await dialog.getByText(solo.username, { exact: true }).waitFor()
      const instructions = await dialog.getByLabel('Client instructions').inputValue()
      expect(instructions).toContain('One device per login')
      expect(instructions).not.toMatch(/devices at a time/)
      await admin.context().close()
    })

    it('item 4: an imported paying customer needs a line, is promised no "same login", and hears of it once', async () => {
      const tag = `${screen.name}${Date.now().toString(36)}`
      const person = {
        firstName: 'Imre',
        name: `Imre Import${tag}`,
        email: `imre.${tag}@example.com`,
      }
      const paidAt = new Date(Date.now() - 5 * 24 * 60 * 60_000).toISOString()
      await importHistory(
        `${person.email},Imre,Import${tag},Duo,1,19.99,EUR,${paidAt},bank_transfer,${tag}`,
      )

      // The Business Center lists them as needing a line, not "No line yet".
      const admin = await newPage()
      await loginAs(admin, owner, adminPaths.section('users'))
      const contact = await contactOf(admin, person.email, person.name)
      await contact.getByText('Needs a line').waitFor()
      expect(await contact.getByText('No line yet').count()).toBe(0)
      await snap(admin, 'needs-a-line')
      expect(await isWiderThanScreen(admin)).toBe(false)

      // Their own page has one state of the login: on its way, with no promise that it stays.
      const [id] = (
        await server.api<{ id: string }[]>(
          'GET',
          `/api/trial-requests?q=${encodeURIComponent(person.email)}`,
        )
      ).map((row) => row.id)
      const page = await accountPage({ ...person, id: id! })
      await page.getByText('Active', { exact: true }).waitFor()
      await page
        .getByText(
          'Your login appears here as soon as your line is ready; we e-mail it to you too.',
        )
        .waitFor()
      expect(await page.getByText(/same login|stays the same/).count()).toBe(0)
      await snap(page, 'login-on-its-way')
      expect(await isWiderThanScreen(page)).toBe(false)

      // The admin makes the line: two screens, as the plan says, in the instructions too.
      const mailsBefore = server.smtp.received.length
      const dialog = await openLine(admin, contact, person.name)
      await dialog.getByRole('button', { name: 'Create line' }).click()
      const instructions = dialog.getByLabel('Client instructions')
      await instructions.waitFor()
      expect(await instructions.inputValue()).toContain('Up to 2 devices at a time per login')
      await admin.context().close()

      await page.reload()
      await page.getByText('Plays on 2 devices at a time.').waitFor()
      await page.getByRole('button', { name: 'Copy username' }).waitFor()
      expect(
        await page
          .getByText(
            'Your login appears here as soon as your line is ready; we e-mail it to you too.',
          )
          .count(),
      ).toBe(0)

      // One message about the login: the new details, once.
      await server.api('POST', '/api/maintenance/expire-now')
      const toThem = () =>
        server.smtp.received
          .slice(mailsBefore)
          .filter((mail) => mail.to && 'text' in mail.to && mail.to.text === person.email)
      await expect.poll(() => toThem().length).toBe(1)
      expect(toThem()[0]!.subject).toBe('Your StreamLine login is ready')
      expect(toThem()[0]!.text).toContain('Your login plays on 2 screens at the same time')
      await page.context().close()
    })
  },
)
