import type { Locator, Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import { defaultSecuritySettings } from '../common/settings'
import { baseUrl } from './fixtures'

type Credentials = { username: string; password: string }

/**
 * The authenticator app's code for `secret`, `stepsAhead` 30-second steps ahead. The server
 * accepts one step either side and each step once: the code that turned two-factor on uses the
 * current step, so the next sign-in takes the next one rather than waiting for it.
 */
export function totpCode(secret: string, stepsAhead: 0 | 1 = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  })
}

/** The setup key as the account panel shows it (in groups of four), ready for an app. */
export async function readSetupKey(panel: Locator): Promise<string> {
  const key = panel.locator('code')
  await key.waitFor()
  return ((await key.textContent()) ?? '').replace(/\s/g, '')
}

/** The Admin Access dialog, filled with a username and password and sent. */
export async function submitPassword(page: Page, { username, password }: Credentials) {
  await page.goto('/admin')
  const dialog = page.getByRole('dialog', { name: 'Admin Access' })
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Login' }).click()
  return dialog
}

/**
 * Goes through the set-up from its password form: the QR code and setup key, then a first code.
 * Answers the secret and the recovery codes on screen.
 */
export async function completeTwoFactorSetup(panel: Locator, password: string) {
  const start = panel.getByRole('form', { name: 'Set up two-factor sign-in' })
  await start.getByLabel('Password', { exact: true }).fill(password)
  await start.getByRole('button', { name: 'Continue' }).click()
  const confirm = panel.getByRole('form', { name: 'Confirm two-factor sign-in' })
  const secret = await readSetupKey(confirm)
  await confirm.getByLabel('Authentication code').fill(totpCode(secret))
  await confirm.getByRole('button', { name: 'Turn on' }).click()
  const list = panel.getByRole('list', { name: 'Recovery codes' })
  await list.waitFor()
  return { secret, recoveryCodes: await list.getByRole('listitem').allTextContents() }
}

/** Signs in over HTTP (with a second-factor code when given); the session cookie. */
export async function signInOverHttp(credentials: Credentials, code?: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ ...credentials, code }),
  })
  if (!response.ok) throw new Error(`Login failed: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** Puts the security settings back to their defaults, as a super admin with two-factor on. */
export async function resetSecuritySettings(cookie: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/settings/security`, {
    method: 'PUT',
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: JSON.stringify(defaultSecuritySettings),
  })
  if (!response.ok) throw new Error(`Reset failed: ${response.status} ${await response.text()}`)
}
