// Screenshot helper for the lines review (temporary, not part of the tree): run with npx tsx.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { startFakeSupplier } from '../server/test/fake-supplier'
import { freePort } from '../server/test/free-port'
import { startServerProcess, stopServerProcess, waitForHealth } from '../server/test/server-process'
import { owner } from './owner'

const out = '/tmp/lines-shots'
const supplier = await startFakeSupplier()
const port = await freePort()
const baseUrl = `http://127.0.0.1:${port}`
const server = startServerProcess(
  {
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lines-shots-')),
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
    SPORTS_API_BASE: 'http://127.0.0.1:9',
    SUPPLIER_API_URL: supplier.apiUrl,
    SUPPLIER_API_KEY: supplier.apiKey,
  },
  'built',
)
await waitForHealth(baseUrl, server)
let cookie = ''
async function api(method: string, path: string, body?: object) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (path === '/api/admin/login')
    cookie = response.headers.getSetCookie().map((v) => v.split(';')[0]).join('; ')
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} ${response.status} ${text}`)
  return text ? JSON.parse(text) : null
}
await api('POST', '/api/admin/login', owner)
await api('PUT', '/api/settings/supplier', { packageId: '4', gracePeriodDays: 0, creditAlertThreshold: 10 })
await api('POST', '/api/plans', { name: 'Family Plus', price: '41.99', billingPeriod: 'quarterly' })
const newPerson = async (firstName: string, lastName: string) =>
  (
    await fetch(`${baseUrl}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ firstName, lastName, email: `${firstName.toLowerCase()}@example.com`, plan: 'Family Plus' }),
    }).then((r) => r.json())
  ).id as string
const lena = await newPerson('Lena', 'Lifecycle')
const line = await api('POST', `/api/trial-requests/${lena}/line`, {})
await api('POST', `/api/trial-requests/${lena}/convert-to-subscription`, { paidPlan: 'Family Plus', subscriptionMonths: 3, subscriptionPrice: '41.99' })
await api('POST', `/api/trial-requests/${lena}/subscription/extend`, { months: 1, price: '14.99' })
await api('POST', `/api/trial-requests/${lena}/line/reset-password`, {})
const omar = await newPerson('Omar', 'Okafor')
const omarLine = await api('POST', `/api/trial-requests/${omar}/line`, {})
await newPerson('Nina', 'Newcomer')
supplier.editOnPanel(line.username, { exp_date: String(Math.floor(Date.now() / 1000) + 40 * 86400) })
supplier.editOnPanel(omarLine.username, { enabled: '0' })
await api('POST', '/api/supplier/sync', {})

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
})
async function search(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Users & Contacts', exact: true }).click()
  await page.getByLabel('Search contacts').fill(text)
  await page.waitForTimeout(800)
}
for (const width of [1440, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    const tag = `${width}-${scheme}`
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width > 500 ? 900 : 844 }, colorScheme: scheme })
    const page = await context.newPage()
    await page.goto('/admin')
    const login = page.getByRole('dialog', { name: 'Admin Access' })
    await login.getByLabel('Username').fill(owner.username)
    await login.getByLabel('Password', { exact: true }).fill(owner.password)
    await login.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()
    await page.waitForTimeout(3000)
    await search(page, 'lena@')
    await page.getByRole('button', { name: 'Line of Lena Lifecycle' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Line of Lena Lifecycle' })
    await dialog.getByText('History on the panel').waitFor()
    await page.waitForTimeout(1000)
    await page.screenshot({ path: `${out}/line-${tag}.png` })
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${out}/line-history-${tag}.png` })
    await dialog.getByRole('button', { name: 'Disable line' }).click()
    await page.waitForTimeout(500)
    await page.screenshot({ path: `${out}/disable-confirm-${tag}.png` })
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Extend subscription of Lena Lifecycle' }).first().click()
    await page.getByRole('dialog', { name: 'Extend subscription' }).getByLabel('Months').fill('3')
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${out}/extend-${tag}.png` })
    await page.keyboard.press('Escape')
    await search(page, 'omar@')
    await page.getByRole('button', { name: 'Convert Omar Okafor to paid' }).first().click()
    await page.getByRole('dialog', { name: 'Convert to paid subscription' }).getByText('No second line').waitFor()
    await page.screenshot({ path: `${out}/convert-existing-${tag}.png` })
    await page.keyboard.press('Escape')
    await search(page, 'nina@')
    await page.getByRole('button', { name: 'Convert Nina Newcomer to paid' }).first().click()
    await page.waitForTimeout(800)
    await page.screenshot({ path: `${out}/convert-new-${tag}.png` })
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: 'Admin Tools', exact: true }).click()
    const card = page.getByRole('list', { name: 'Differences with the panel' })
    await card.waitFor()
    await card.scrollIntoViewIfNeeded()
    await page.waitForTimeout(500)
    await page.screenshot({ path: `${out}/drift-${tag}.png` })
    await context.close()
  }
}
await browser.close()
await stopServerProcess(server)
await supplier.close()
console.log('done')
