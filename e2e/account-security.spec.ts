import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createAdminUser } from './admin-api'
import { openAdminTab } from './admin-tabs'
import { axeViolations } from './axe'
import { baseUrl, workerBrowser, loginAs, openPage } from './fixtures'
import {
  completeTwoFactorSetup,
  readSetupKey,
  resetSecuritySettings,
  signInOverHttp,
  submitPassword,
  totpCode,
} from './two-factor'

// Every account here is this spec's own: the other specs share the owner and its password.
const password = 'quiet-orchard-5821-lamp'

async function openAccountPanel(page: Page) {
  await page.getByRole('button', { name: 'My account' }).click()
  return page.getByRole('dialog', { name: 'Account security' })
}

const requirementSwitch = (page: Page) =>
  page
    .getByRole('form', { name: 'Sign-in Security' })
    .getByRole('switch', { name: 'Require two-factor sign-in for super admins' })

describe('Business Center: account security', () => {
  let browser: Browser
  // A super admin with two-factor on and an unused recovery code: while the settings require
  // two-factor, the owner (without it) can no longer turn the requirement off.
  let rescuer: { username: string; password: string; recoveryCode: string } | undefined
  let isRequirementOn = false

  beforeAll(async () => {
    browser = await workerBrowser()
  })
  afterEach(async () => {
    if (!isRequirementOn || !rescuer) return
    await resetSecuritySettings(await signInOverHttp(rescuer, rescuer.recoveryCode))
    isRequirementOn = false
  })

  it('changes the password after the checks, and signs out the other session', async () => {
    const admin = { username: 'sec.change', password }
    await createAdminUser({ ...admin, role: 'admin' })
    const other = await openPage(browser)
    await loginAs(other.page, admin)
    const { page, errors } = await openPage(browser, '/', { clientAddress: '198.51.100.1' })
    await loginAs(page, admin)

    const form = (await openAccountPanel(page)).getByRole('form', { name: 'Change password' })
    const fill = async (current: string, next: string, confirmation: string) => {
      await form.getByLabel('Current password').fill(current)
      await form.getByLabel('New password', { exact: true }).fill(next)
      await form.getByLabel('Confirm new password').fill(confirmation)
      await form.getByRole('button', { name: 'Change password' }).click()
    }
    const newPassword = 'copper-meadow-7734-kite'
    await fill(password, newPassword, 'copper-meadow-7734-kit')
    await form.getByText('The new passwords do not match').waitFor()
    // Long enough for the browser; the server refuses it and says why on the field.
    await fill(password, 'password1234', 'password1234')
    await form.getByText('This password is too common. Choose one that is hard to guess.').waitFor()
    await fill('not-the-password', newPassword, newPassword)
    await form.getByText('Current password is incorrect').waitFor()

    await fill(password, newPassword, newPassword)
    await page.getByText('Password changed').waitFor()
    await page.getByText('Your other sessions have been signed out.').waitFor()
    expect(await form.getByLabel('Current password').inputValue()).toBe('')

    await other.page.reload()
    await other.page.getByRole('dialog', { name: 'Admin Access' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()
    await loginAs(other.page, { ...admin, password: newPassword })
    expect(errors).toEqual([])
  })

  it('turns on two-factor sign-in, then signs in with a code and with a recovery code', async () => {
    const admin = { username: 'sec.twofactor', password }
    await createAdminUser({ ...admin, role: 'super_admin' })
    const { page, errors } = await openPage(browser, '/', { clientAddress: '198.51.100.2' })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await loginAs(page, admin)

    const section = (await openAccountPanel(page)).getByRole('region', {
      name: 'Two-factor sign-in',
    })
    await section.getByText('Off', { exact: true }).waitFor()
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    const start = section.getByRole('form', { name: 'Set up two-factor sign-in' })
    await start.getByLabel('Password', { exact: true }).fill('not-the-password')
    await start.getByRole('button', { name: 'Continue' }).click()
    await start.getByText('Password is incorrect').waitFor()
    await start.getByLabel('Password', { exact: true }).fill(password)
    await start.getByRole('button', { name: 'Continue' }).click()

    const confirm = section.getByRole('form', { name: 'Confirm two-factor sign-in' })
    const qrCode = confirm.getByRole('img', { name: /QR code/ })
    // The SVG loads as a data: image, which the Content-Security-Policy allows.
    await expect
      .poll(() => qrCode.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    const secret = await readSetupKey(confirm)
    const code = confirm.getByLabel('Authentication code')
    await code.fill(totpCode(secret) === '000000' ? '111111' : '000000')
    await confirm.getByRole('button', { name: 'Turn on' }).click()
    await confirm.getByText('That code is not right. Check the time on your phone.').waitFor()
    await code.fill(totpCode(secret))
    await confirm.getByRole('button', { name: 'Turn on' }).click()

    const list = section.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    const recoveryCodes = await list.getByRole('listitem').allTextContents()
    expect(recoveryCodes).toHaveLength(10)
    for (const recoveryCode of recoveryCodes)
      expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download .txt' }).click(),
    ])
    const savedText = readFileSync(await download.path(), 'utf8')
    for (const recoveryCode of recoveryCodes) expect(savedText).toContain(recoveryCode)
    await section.getByRole('button', { name: 'Copy codes' }).click()
    await page.getByText('Copied!').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(savedText)
    await section.getByRole('button', { name: 'Done' }).click()
    await section.getByText('On', { exact: true }).waitFor()
    rescuer = { ...admin, recoveryCode: recoveryCodes[9]! }

    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Account security' }).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Log out' }).click()
    const dialog = await submitPassword(page, admin)
    const codeField = dialog.getByLabel('Authentication code')
    await codeField.waitFor()
    expect(await codeField.getAttribute('inputmode')).toBe('numeric')
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code')
    expect(await codeField.evaluate((field) => field === document.activeElement)).toBe(true)
    await codeField.fill('123456')
    await dialog.getByRole('button', { name: 'Login' }).click()
    await dialog.getByText('That code is not right, or it was already used').waitFor()
    await codeField.fill(totpCode(secret, 1))
    await dialog.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()

    await page.getByRole('button', { name: 'Log out' }).click()
    await submitPassword(page, admin)
    await dialog.getByRole('button', { name: 'Use a recovery code' }).click()
    expect(await codeField.getAttribute('inputmode')).toBe('text')
    await codeField.fill(recoveryCodes[0]!)
    await dialog.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()
    expect(errors).toEqual([])
  })

  it('turns two-factor sign-in off only with the password and a current code', async () => {
    const admin = { username: 'sec.turnoff', password }
    await createAdminUser({ ...admin, role: 'admin' })
    const { page, errors } = await openPage(browser, '/', { clientAddress: '198.51.100.3' })
    await loginAs(page, admin)
    const section = (await openAccountPanel(page)).getByRole('region', {
      name: 'Two-factor sign-in',
    })
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    const { secret } = await completeTwoFactorSetup(section, password)
    await section.getByRole('button', { name: 'Done' }).click()

    await section.getByRole('button', { name: 'Turn off' }).click()
    const form = section.getByRole('form', { name: 'Turn off two-factor sign-in' })
    await form.getByLabel('Password', { exact: true }).fill(password)
    const code = form.getByLabel('Authentication code')
    await code.fill(totpCode(secret) === '000000' ? '111111' : '000000')
    await form.getByRole('button', { name: 'Turn off' }).click()
    await form.getByText('That code is not right, or it was already used').waitFor()
    // The code that turned it on used the current step; each step works once.
    await code.fill(totpCode(secret, 1))
    await form.getByRole('button', { name: 'Turn off' }).click()
    await section.getByText('Off', { exact: true }).waitFor()
    expect(errors).toEqual([])
  })

  it('lets super admins edit the session limits, and admins only read them', async () => {
    const reader = { username: 'sec.reader', password }
    await createAdminUser({ ...reader, role: 'admin' })
    const { page, errors } = await openAdminTab(browser, 'Business Settings')
    const form = page.getByRole('form', { name: 'Sign-in Security' })
    const save = async (idleMinutes: string, lifetimeDays: string) => {
      await form.getByLabel('Idle timeout (minutes)').fill(idleMinutes)
      await form.getByLabel('Session lifetime (days)').fill(lifetimeDays)
      await form.getByRole('button', { name: 'Save settings' }).click()
    }
    await save('2', '7')
    await form.getByText('Idle timeout must be between 5 minutes and 24 hours').waitFor()
    await save('90', '3')
    await page.getByText('Security settings saved successfully').waitFor()

    const readerPage = (await openPage(browser)).page
    await loginAs(readerPage, reader)
    await readerPage.getByRole('tab', { name: 'Business Settings', exact: true }).click()
    const readOnly = readerPage.getByRole('region', { name: 'Sign-in Security' })
    await readOnly.getByText('90 minutes').waitFor()
    await readOnly.getByText('3 days').waitFor()
    expect(await readerPage.getByRole('form', { name: 'Sign-in Security' }).count()).toBe(0)

    await page.reload()
    await page.getByRole('tab', { name: 'Business Settings', exact: true }).click()
    expect(await form.getByLabel('Idle timeout (minutes)').inputValue()).toBe('90')
    await save('120', '7')
    await page.getByText('Security settings saved successfully').waitFor()
    expect(errors).toEqual([])
  })

  it('shows a super admin only the two-factor set-up while the settings require it', async () => {
    const admin = { username: 'sec.required', password }
    await createAdminUser({ ...admin, role: 'super_admin' })
    const { page, errors } = await openAdminTab(browser, 'Business Settings')
    const twoFactorRow = page
      .getByRole('table', { name: 'Admin users' })
      .getByRole('row', { name: /sec\.twofactor/ })
    expect(await twoFactorRow.textContent()).toContain('2FA')

    await requirementSwitch(page).click()
    await page.getByText('You have not turned it on yourself').waitFor()
    isRequirementOn = true
    await page
      .getByRole('form', { name: 'Sign-in Security' })
      .getByRole('button', { name: 'Save settings' })
      .click()
    // The owner has no second factor: the Business Center gives way to the set-up at once.
    const setUpHeading = page.getByRole('heading', { name: 'Turn on two-factor sign-in' })
    await setUpHeading.waitFor()
    expect(await page.getByRole('heading', { name: 'Business Center' }).count()).toBe(0)
    expect((await page.request.get('/api/admin/users')).status()).toBe(403)
    await page.getByRole('button', { name: 'Sign out' }).click()

    await submitPassword(page, admin)
    await setUpHeading.waitFor()
    const main = page.getByRole('main')
    await completeTwoFactorSetup(main, admin.password)
    await main.getByRole('button', { name: 'Continue to the Business Center' }).click()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()

    await page.getByRole('tab', { name: 'Business Settings', exact: true }).click()
    expect(await requirementSwitch(page).getAttribute('aria-checked')).toBe('true')
    await requirementSwitch(page).click()
    await page
      .getByRole('form', { name: 'Sign-in Security' })
      .getByRole('button', { name: 'Save settings' })
      .click()
    await page.getByText('Security settings saved successfully').waitFor()
    isRequirementOn = false
    expect(errors).toEqual([])
  })

  it.each(['light', 'dark'] as const)(
    'has no axe violations in the account panel and the code step, %s theme',
    async (colorScheme) => {
      const found: string[] = []
      const admin = { username: `sec.axe.${colorScheme}`, password }
      await createAdminUser({ ...admin, role: 'admin' })
      // The page bypasses the Content-Security-Policy, which refuses the injected axe script.
      const context = await browser.newContext({ baseURL: baseUrl(), colorScheme, bypassCSP: true })
      const page = await context.newPage()
      const scan = async (state: string) =>
        found.push(...(await axeViolations(page)).map((v) => `${colorScheme} ${state}: ${v}`))
      await loginAs(page, admin)
      await page.getByText('Successfully logged in to admin panel').waitFor()
      await scan('login toast')
      // Gone before the next scan: axe must not catch it halfway through fading out.
      await page.getByText('Successfully logged in to admin panel').waitFor({ state: 'hidden' })

      const panel = await openAccountPanel(page)
      await panel.getByRole('form', { name: 'Change password' }).waitFor()
      await scan('account panel')
      await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
      const start = panel.getByRole('form', { name: 'Set up two-factor sign-in' })
      await start.getByLabel('Password', { exact: true }).fill(password)
      await start.getByRole('button', { name: 'Continue' }).click()
      const confirm = panel.getByRole('form', { name: 'Confirm two-factor sign-in' })
      const secret = await readSetupKey(confirm)
      await scan('QR code step')
      await confirm.getByLabel('Authentication code').fill(totpCode(secret))
      await confirm.getByRole('button', { name: 'Turn on' }).click()
      await panel.getByRole('list', { name: 'Recovery codes' }).waitFor()
      await page.getByText('Two-factor sign-in turned on').waitFor({ state: 'hidden' })
      await scan('recovery codes')

      await page.keyboard.press('Escape')
      await panel.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Log out' }).click()
      await (await submitPassword(page, admin)).getByLabel('Authentication code').waitFor()
      await scan('login code step')
      await context.close()
      expect(found).toEqual([])
    },
  )
})
