import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { workerBrowser, loginAs, openPage } from './fixtures'
import { owner } from './owner'

describe('Business Center: admin accounts', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await workerBrowser()
  })

  it('refuses a wrong password, then signs in and keeps the session across a reload', async () => {
    const { page, errors } = await openPage(browser, '/admin', {
      clientAddress: '198.51.100.4',
    })
    const dialog = page.getByRole('dialog', { name: 'Admin Access' })
    const login = dialog.getByRole('button', { name: 'Login' })
    expect(await login.isDisabled()).toBe(true)

    await dialog.getByLabel('Username').fill(owner.username)
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password')
    await login.click()
    await page.getByText('Authentication Failed').waitFor()
    await page.getByText('Invalid credentials').waitFor()

    await dialog.getByRole('button', { name: /show password/i }).click()
    expect(await dialog.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
    await dialog.getByLabel('Password', { exact: true }).fill(owner.password)
    await login.click()
    await page.getByText('Successfully logged in to admin panel').waitFor()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()

    await page.reload()
    await page.getByRole('heading', { name: 'Business Center' }).waitFor()
    expect(await page.getByRole('dialog', { name: 'Admin Access' }).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('adds an admin with validation first, then deletes it', async () => {
    const { page, errors } = await openPage(browser)
    await loginAs(page)
    await page.getByRole('tab', { name: 'Business Settings' }).click()

    const form = page.getByRole('form', { name: 'Add admin user' })
    await form.getByLabel('Username').fill('ab')
    await form.getByLabel('Password').fill('short')
    await form.getByRole('button', { name: 'Add Admin' }).click()
    await form.getByText('Username must be at least 3 characters').waitFor()
    await form.getByText('Password must be at least 12 characters').waitFor()

    await form.getByLabel('Username').fill('night.shift')
    await form.getByLabel('Password').fill('night-shift-password')
    await form.getByLabel('Role').selectOption('super_admin')
    await form.getByRole('button', { name: 'Add Admin' }).click()
    await page.getByText('Admin user created successfully').waitFor()
    const row = page.getByRole('row', { name: /night\.shift/ })
    await row.waitFor()
    expect(await row.textContent()).toContain('super_admin')

    await row.getByRole('button', { name: 'Delete admin night.shift' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Admin user deleted successfully').waitFor()
    await row.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })

  it('shows the server message when the username is taken', async () => {
    const { page } = await openPage(browser)
    await loginAs(page)
    await page.getByRole('tab', { name: 'Business Settings' }).click()
    const form = page.getByRole('form', { name: 'Add admin user' })
    await form.getByLabel('Username').fill(owner.username)
    await form.getByLabel('Password').fill('another-password')
    await form.getByRole('button', { name: 'Add Admin' }).click()
    await page.getByText('Failed to create user').waitFor()
    await page.getByText('Username already exists').waitFor()
  })
})
