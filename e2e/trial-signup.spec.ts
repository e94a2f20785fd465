import type { Browser, Page, Request } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { workerBrowser, openPage } from './fixtures'

// Each test's visitor comes from an address of its own (the product trusts the test's proxy
// header): the product is shared with other files, and trial requests are limited per address.
const visitor = (n: number) => ({ clientAddress: `203.0.113.${n}` })

const isTrialPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/trial-requests'

/** Each e-mail brings its own Telegram handle: one free trial per person, known by either. */
async function fillTrialForm(page: Page, email: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('First Name').fill('Ada')
  await dialog.getByLabel('Last Name').fill('Lovelace')
  await dialog.getByLabel('Email').fill(email)
  await dialog
    .getByLabel('Telegram (optional)')
    .fill(`@${email.split('@')[0]!.replace(/\W/g, '_')}`)
}

const pendingRequests = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('pending-trial-requests') ?? '[]') as object[],
  )

describe('trial signup', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('from a plan card: shows the validation messages, then submits the chosen plan', async () => {
    const { page, errors } = await openPage(browser, '/plans', visitor(1))
    const card = page.getByRole('article', { name: 'Family Plus', exact: true })
    await card.getByRole('button', { name: /Start Free Trial/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Start Your Free Trial' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Plan').inputValue()).toBe('Family Plus')

    await dialog.getByRole('button', { name: 'Request Free Trial' }).click()
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
    ]) {
      await dialog.getByText(message).waitFor()
    }
    expect(await dialog.getByLabel('First Name').getAttribute('aria-invalid')).toBe('true')

    await fillTrialForm(page, 'ada.lovelace@example.com')
    const [response] = await Promise.all([
      page.waitForResponse((response) => isTrialPost(response.request())),
      dialog.getByRole('button', { name: 'Request Free Trial' }).click(),
    ])
    expect(response.status()).toBe(201)
    const sent = response.request().postDataJSON() as Record<string, unknown>
    expect(sent).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      plan: 'Family Plus',
      telegram: '@ada_lovelace',
      whatsapp: null,
    })
    expect(sent.clientRequestId).toMatch(/^[0-9a-f-]{36}$/)

    const success = page.getByRole('dialog', { name: 'Trial Request Submitted!' })
    await success.getByRole('button', { name: 'Get Started' }).click()
    await success.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })

  it('opens from the header without a plan and starts empty again after closing', async () => {
    const { page, errors } = await openPage(browser, '/', visitor(2))
    const headerButton = page.getByRole('banner').getByRole('button', { name: 'Start Free Trial' })
    await headerButton.click()
    const dialog = page.getByRole('dialog', { name: 'Start Your Free Trial' })
    expect(await dialog.getByLabel('Plan').inputValue()).toBe('')
    await fillTrialForm(page, 'grace@example.com')
    await dialog.getByRole('button', { name: 'Request Free Trial' }).click()
    await dialog.getByText('Please select a plan').waitFor()
    expect(await dialog.getByText('First name must be at least 2 characters').count()).toBe(0)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'START TRIAL' }).click()
    expect(await page.getByRole('dialog').getByLabel('First Name').inputValue()).toBe('')
    expect(errors).toEqual([])
  })

  it('tells a visitor who asks again that the first request is on its way, naming no ids', async () => {
    const { page, errors } = await openPage(browser, '/plans', visitor(3))
    const ask = async (email: string) => {
      await page
        .getByRole('article', { name: 'Starter', exact: true })
        .getByRole('button', { name: /Start Free Trial/ })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Start Your Free Trial' })
      await dialog.waitFor()
      await fillTrialForm(page, email)
      const [response] = await Promise.all([
        page.waitForResponse((response) => isTrialPost(response.request())),
        dialog.getByRole('button', { name: 'Request Free Trial' }).click(),
      ])
      return response
    }

    const first = await ask('grace.asks@gmail.com')
    expect(first.status()).toBe(201)
    const { subscriptionId } = (await first.json()) as { subscriptionId: string }
    const submitted = page.getByRole('dialog', { name: 'Trial Request Submitted!' })
    await submitted.getByRole('button', { name: 'Get Started' }).click()
    await submitted.waitFor({ state: 'detached' })

    // The same Gmail mailbox in another spelling is the same person.
    const again = await ask('GraceAsks+tv@googlemail.com')
    expect(again.status()).toBe(200)
    expect(await again.json()).toEqual({ outcome: 'already_requested' })
    const already = page.getByRole('dialog', { name: 'You Have Already Asked for a Trial' })
    await already.getByText("We'll be in touch shortly").waitFor()
    expect(await already.innerText()).not.toContain(subscriptionId)
    await already.getByRole('button', { name: 'Got It' }).click()
    await already.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })

  it('shows success when the submit fails, and retries until the server accepts it', async () => {
    const { page } = await openPage(browser, '/plans', visitor(4))
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.route('**/api/trial-requests', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    )
    await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button').click()
    await fillTrialForm(page, 'retry.later@example.com')
    await page.getByRole('button', { name: 'Request Free Trial' }).click()
    await page.getByRole('dialog', { name: 'Trial Request Submitted!' }).waitFor()
    expect(warnings.some((text) => text.includes('Failed to submit trial request'))).toBe(true)
    const [pending] = (await pendingRequests(page)) as { clientRequestId: string }[]
    expect(pending).toMatchObject({ email: 'retry.later@example.com', plan: 'Starter' })

    // The server is back: the stored request goes out again, with the same id, and is dropped.
    await page.unroute('**/api/trial-requests')
    const retried = await page.waitForResponse((response) => isTrialPost(response.request()), {
      timeout: 15_000,
    })
    expect(retried.status()).toBe(201)
    expect(retried.request().postDataJSON()).toMatchObject({
      clientRequestId: pending!.clientRequestId,
    })
    await expect.poll(() => pendingRequests(page)).toEqual([])
  })

  it('sends on the next visit what could not be sent before', async () => {
    const { page } = await openPage(browser, '/plans', visitor(5))
    await page.route('**/api/trial-requests', (route) => route.abort('internetdisconnected'))
    await page.getByRole('article', { name: 'Household', exact: true }).getByRole('button').click()
    await fillTrialForm(page, 'next.visit@example.com')
    await page.getByRole('button', { name: 'Request Free Trial' }).click()
    await page.getByRole('dialog', { name: 'Trial Request Submitted!' }).waitFor()
    expect(await pendingRequests(page)).toHaveLength(1)

    // A new visit in the same browser (same storage), with the network back.
    const nextVisit = await page.context().newPage()
    await page.close()
    const [response] = await Promise.all([
      nextVisit.waitForResponse((response) => isTrialPost(response.request())),
      nextVisit.goto('/'),
    ])
    expect(response.status()).toBe(201)
    expect(response.request().postDataJSON()).toMatchObject({ email: 'next.visit@example.com' })
    await expect.poll(() => pendingRequests(nextVisit)).toEqual([])
  })
})
