import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPaths } from '../common/routes'
import { closeFilePages, isWiderThanScreen, loginAs, workerBrowser } from './fixtures'
import { owner } from './owner'
import { startPaymentServer, type Customer, type PaymentServer } from './payment-server'

const reference = `Till slip ${Date.now().toString(36)}`
const clerk = { username: 'clerk', password: 'copper-kettle-5512' }

/**
 * Money an admin received elsewhere: recorded on the person's page with its method and reference,
 * it shows in the Payments view; only a super admin is offered its refund.
 */
describe('a payment recorded by hand', () => {
  let server: PaymentServer
  let browser: Browser
  let customer: Customer

  const signedIn = async (admin = owner) => {
    const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage()
    await loginAs(page, admin, adminPaths.person(customer.id))
    return page
  }
  const paymentRows = (page: Page) =>
    page.getByRole('table', { name: 'Payments, newest first' }).getByRole('row')
  const refundButton = (page: Page) =>
    page.getByRole('button', { name: 'Refund the payment of 29.99 EUR' })

  beforeAll(async () => {
    server = await startPaymentServer()
    browser = await workerBrowser()
    customer = await server.addTrialCustomer('Carlos')
    await server.api('POST', '/api/admin/users', { ...clerk, role: 'admin' })
  })
  afterAll(async () => {
    await closeFilePages()
    await server?.stop()
  })

  it('records cash with its reference, listed in Payments with both', async () => {
    const page = await signedIn()
    await page.getByRole('button', { name: 'Record payment' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record payment' })
    await dialog.getByLabel('Plan').selectOption('Family Plus')
    await dialog.getByLabel('Months').fill('3')
    // The amount follows plan and months: the plan's price for a quarter.
    await expect
      .poll(() => dialog.getByLabel('Amount received (optional)').inputValue())
      .toBe('29.99')
    await dialog.getByLabel('Method').selectOption('Cash')
    await dialog.getByLabel('Reference').fill(reference)
    await dialog.getByRole('button', { name: 'Record payment' }).click()
    await page.getByText('Payment recorded').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    const onPage = paymentRows(page).filter({ hasText: 'Manual · Cash' })
    await onPage.getByText('Paid', { exact: true }).waitFor()

    // Opened again, it starts where this customer pays: their plan and term, its price, cash.
    await page.reload()
    await onPage.getByText('Paid', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Record payment' }).click()
    const again = page.getByRole('dialog', { name: 'Record payment' })
    await expect
      .poll(async () => [
        await again.getByLabel('Plan').locator('option:checked').innerText(),
        await again.getByLabel('Months').inputValue(),
        await again.getByLabel('Amount received (optional)').inputValue(),
        await again.getByLabel('Method').locator('option:checked').innerText(),
      ])
      .toEqual(['Family Plus', '3', '29.99', 'Cash'])
    await page.keyboard.press('Escape')
    await again.waitFor({ state: 'detached' })

    const [payment] = await server.paymentsOf(customer.id)
    expect(payment).toMatchObject({
      provider: 'manual',
      method: 'cash',
      reference,
      amount: '29.99',
      status: 'paid',
      receiptNumber: 1,
    })
    expect((await server.person(customer.id)).subscriptionEndDate).toBe(payment!.newEnd)

    await page.goto(adminPaths.section('payments'))
    const row = paymentRows(page).filter({ hasText: reference })
    await row.getByRole('link', { name: customer.name }).waitFor()
    expect(await row.locator('[data-label="Paid with"]').innerText()).toBe('Manual · Cash')
    expect(await row.locator('[data-label="Reference"]').innerText()).toBe(reference)
    expect(await row.locator('[data-label="Receipt"]').innerText()).toBe('1')
    await row.getByRole('button', { name: /^Details of the payment of 29\.99 EUR/ }).click()
    const details = page.getByRole('dialog')
    await details.getByText(reference).waitFor()
    await details.getByText('No. 1').waitFor()
    await page.context().close()
  })

  it('offers a refund to a super admin only', async () => {
    const superAdmin = await signedIn()
    await refundButton(superAdmin).click()
    const dialog = superAdmin.getByRole('dialog', { name: 'Refund payment' })
    // A manual payment's money goes back by hand: the dialog says so before anything is done.
    await dialog.getByText('send the money back yourself').waitFor()
    await dialog.getByLabel('Reason').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await server.paymentsOf(customer.id))[0]!.status).toBe('paid')
    await superAdmin.context().close()

    const admin = await signedIn(clerk)
    await paymentRows(admin).filter({ hasText: 'Manual · Cash' }).waitFor()
    expect(await refundButton(admin).count()).toBe(0)
    await admin.context().close()
  })

  it('resolves a payment held for review from the Payments view, on a phone in the dark', async () => {
    // The customer paid 10.00 EUR on a pay link that asked 29.99: held for review.
    const checkout = await server.api<{ paymentId: string }>(
      'POST',
      `/api/trial-requests/${customer.id}/checkout`,
      { planId: server.plan.id, provider: 'stripe' },
    )
    const [pending] = await server.paymentsOf(customer.id)
    server.stripe.session(pending!.providerCheckoutId!).amount_total = 1000
    await server.stripe.pay(pending!.providerCheckoutId!)
    const held = async () =>
      (await server.paymentsOf(customer.id)).find((each) => each.id === checkout.paymentId)!
    await expect.poll(async () => (await held()).status).toBe('needs_review')

    const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } as const
    const page = await (await browser.newContext({ baseURL: server.baseUrl, ...phone })).newPage()
    await loginAs(page, owner, adminPaths.section('payments'))
    await page.getByRole('button', { name: 'Resolve the payment of 29.99 EUR' }).click()
    const dialog = page.getByRole('dialog', { name: 'Resolve payment in review' })
    await dialog.getByText('10.00 EUR was confirmed, 29.99 EUR was expected').waitFor()
    await dialog.getByRole('radio', { name: /^Accept/ }).check()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('note is required').waitFor()
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Paid the old price, agreed by phone')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Accept this payment?' })
    await confirm.getByText('Settle it as paid at 10.00 EUR').waitFor()
    expect(await isWiderThanScreen(page)).toBe(false)
    await confirm.getByRole('button', { name: 'Accept' }).click()
    await page.getByText('Payment accepted').first().waitFor()
    expect(await held()).toMatchObject({ status: 'paid', amount: '10.00' })
    await page.context().close()
  })
})
