import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminTabAxeViolations, openAdminTab } from './admin-tabs'
import { workerBrowser, openPage } from './fixtures'

const planName = `Starter Pro Weekend ${Date.now()}`

/** Whether the public plans page offers the plan, once its plans have loaded. */
async function isOnPublicPlans(browser: Browser, name: string): Promise<boolean> {
  const { page } = await openPage(browser, '/plans')
  await page.getByRole('article').first().waitFor()
  const found = await page.getByRole('article', { name, exact: true }).count()
  await page.context().close()
  return found === 1
}

const openDiscounts = async (browser: Browser): Promise<Page> => {
  const { page } = await openAdminTab(browser, 'Plans Management')
  await page.getByRole('tab', { name: 'Discounts' }).click()
  await page.getByRole('button', { name: 'New Discount' }).click()
  return page
}

describe('Business Center: plans management', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('creates a plan from a quick template, shows it on /plans, and hides it when switched off', async () => {
    const { page, errors } = await openAdminTab(browser, 'Plans Management')
    await page.getByRole('button', { name: /^Starter Pro/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Plan' })
    await dialog.waitFor()
    // The spec's template: Starter Pro, 47.99 every 6 months, 1 connection at 1.88 a month.
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Starter Pro')
    expect(await dialog.getByLabel('Price').inputValue()).toBe('47.99')
    expect(await dialog.getByLabel('Cost per month').inputValue()).toBe('1.88')
    expect(await dialog.getByLabel('Billing period').inputValue()).toBe('semi-annual')
    expect(await dialog.getByLabel('Currency').inputValue()).toBe('USD')
    expect(await dialog.getByLabel('Description').inputValue()).toContain('1 connection')
    expect(await dialog.getByLabel('Profit margin').textContent()).toBe('76.50%')

    await dialog.getByLabel('Name').fill(planName)
    await dialog.getByLabel('Price').fill('')
    await dialog.getByRole('button', { name: 'Create Plan' }).click()
    await dialog.getByText('Price is required').waitFor()

    // The margin follows the price as it is typed: (49.99 − 6 × 1.88) / 49.99.
    await dialog.getByLabel('Price').fill('49.99')
    await dialog.getByText('77.44%').waitFor()
    await dialog
      .getByLabel('Features')
      .fill('1 simultaneous connection\n\nHD and 4K streaming\nLive sports\n\nWeekend replays\n')
    await dialog.getByRole('button', { name: 'Create Plan' }).click()
    await page.getByText('Plan created successfully').waitFor()
    await dialog.waitFor({ state: 'detached' })

    const row = page.getByRole('row', { name: new RegExp(planName) })
    await row.waitFor()
    const rowText = await row.innerText()
    expect(rowText).toContain(`${planName} - $49.99/6 months`)
    expect(rowText).toContain('$1.88')
    expect(rowText).toContain('77.44%')
    expect(rowText).toContain('1 simultaneous connection, HD and 4K streaming')
    expect(rowText).toContain('+2 more')
    expect(await isOnPublicPlans(browser, planName)).toBe(true)

    const activeSwitch = row.getByRole('switch', { name: `Active: ${planName}` })
    expect(await activeSwitch.getAttribute('aria-checked')).toBe('true')
    await activeSwitch.click()
    await page.getByText('Plan updated successfully').waitFor()
    await page.waitForFunction(
      (name) =>
        document
          .querySelector(`[role="switch"][aria-label="Active: ${name}"]`)
          ?.getAttribute('aria-checked') === 'false',
      planName,
    )
    expect(await isOnPublicPlans(browser, planName)).toBe(false)

    await row.getByRole('button', { name: `Delete ${planName}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Plan deleted successfully').waitFor()
    await row.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })

  it('validates a discount, refuses a code already used, and saves the rest as null', async () => {
    const page = await openDiscounts(browser)
    const code = `E2E-${Date.now()}`
    const dialog = page.getByRole('dialog', { name: 'Create Discount' })
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'))
    expect(await dialog.getByLabel('Valid from').inputValue()).toBe(today)

    await dialog.getByRole('button', { name: 'Create Discount' }).click()
    await dialog.getByText('Name is required').waitFor()
    await dialog.getByLabel('Name').fill('Weekend deal')
    await dialog.getByLabel('Percentage').fill('150')
    await dialog.getByRole('button', { name: 'Create Discount' }).click()
    await dialog.getByText('Percentage must be at most 100').waitFor()
    await dialog.getByLabel('Percentage').fill('15')
    await dialog.getByLabel('Valid to (optional)').fill('2001-01-01')
    await dialog.getByRole('button', { name: 'Create Discount' }).click()
    await dialog.getByText('Valid to must not be before valid from').waitFor()

    await dialog.getByLabel('Valid to (optional)').fill('')
    await dialog.getByLabel('Code (optional)').fill(code)
    await dialog.getByRole('checkbox', { name: 'Family Plus', exact: true }).check()
    await dialog.getByLabel('Max redemptions (optional)').fill('0')
    await dialog.getByRole('button', { name: 'Create Discount' }).click()
    await dialog.getByText('Max redemptions must be a whole number from 1 to 1000000').waitFor()
    await dialog.getByLabel('Max redemptions (optional)').fill('3')
    await dialog.getByRole('switch', { name: 'Once per person' }).click()
    await dialog.getByRole('button', { name: 'Create Discount' }).click()
    await page.getByText('Discount created successfully').waitFor()

    const row = page.getByRole('row', { name: new RegExp(code) })
    const rowText = await row.innerText()
    expect(rowText).toContain('15%')
    expect(rowText).toContain('Family Plus')
    expect(rowText).toContain('no end')
    expect(rowText).toContain('Used 0 of 3')
    expect(rowText).toContain('once per person')
    const saved = await page.evaluate(async (code) => {
      const discounts = (await (await fetch('/api/discounts')).json()) as { code: string }[]
      return discounts.find((discount) => discount.code === code)
    }, code)
    expect(saved).toMatchObject({
      percentage: '15.00',
      amount: null,
      validTo: null,
      maxRedemptions: 3,
      oncePerPerson: true,
    })

    await page.getByRole('button', { name: 'New Discount' }).click()
    await dialog.getByLabel('Name').fill('Same code')
    await dialog.getByLabel('Amount').fill('5')
    await dialog.getByLabel('Code (optional)').fill(code.toLowerCase())
    await dialog.getByRole('button', { name: 'Create Discount' }).click()
    await page.getByText('Failed to create discount').waitFor()
    await dialog.getByText('A discount with this code already exists').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await row.getByRole('switch', { name: 'Active: Weekend deal' }).click()
    await page.getByText('Discount updated successfully').waitFor()
  })

  it('has no axe violations in the plans view, the discounts view and the discount dialog', async () => {
    const plansView = await adminTabAxeViolations(browser, 'Plans Management', (page) =>
      page.getByRole('table', { name: 'Plans' }).waitFor(),
    )
    const discountDialog = await adminTabAxeViolations(
      browser,
      'Plans Management',
      async (page) => {
        await page.getByRole('tab', { name: 'Discounts' }).click()
        await page.getByRole('status', { name: 'Loading discounts' }).waitFor({ state: 'detached' })
        await page.getByRole('button', { name: 'New Discount' }).click()
        await page
          .getByRole('dialog', { name: 'Create Discount' })
          .getByText('Family Plus')
          .waitFor()
      },
    )
    expect([...plansView, ...discountDialog]).toEqual([])
  })
})
