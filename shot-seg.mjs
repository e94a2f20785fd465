import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' })
const [w, scheme, path, ...offsets] = process.argv.slice(2)
const page = await browser.newPage({ viewport: { width: Number(w), height: 900 }, colorScheme: scheme })
await page.goto('http://127.0.0.1:3900' + path)
const dialog = page.getByRole('dialog', { name: 'Admin Access' })
await dialog.getByLabel('Username').fill('owner')
await dialog.getByLabel('Password', { exact: true }).fill('owner-password-2026')
await dialog.getByRole('button', { name: 'Login' }).click()
await page.waitForTimeout(3000)
for (const y of offsets) {
  await page.screenshot({ path: `/tmp/seg-${w}-${scheme}-${y}.png`, fullPage: true, clip: { x: 0, y: Number(y), width: Number(w), height: 900 } })
}
await browser.close()
