import { existsSync } from 'node:fs'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core'
import { inject } from 'vitest'
import { owner } from './owner'

// Chromium's headless shell, as Playwright itself runs headless tests: the same Blink and V8
// without the full browser's windowing, at half the CPU of a run (docs/decisions/0018).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

// Without these, Chromium stalls on a closed network trying to reach Google's services.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

let browserOfThisWorker: Promise<Browser> | undefined

/**
 * Debian's Chromium headless shell, driven by Playwright; a missing browser fails the run. One per
 * worker, launched by its first file and shared by the files after it, as the product is: a file
 * opens contexts of its own and closes them when it ends (closeFilePages), so it finds none of
 * another file's cookies or pages, and no file pays for a launch (docs/decisions/0069).
 */
export async function workerBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install chromium-headless-shell, or set CHROMIUM_PATH`,
    )
  }
  const launched = await browserOfThisWorker
  if (launched?.isConnected()) return launched
  browserOfThisWorker = chromium.launch({ executablePath, args })
  return browserOfThisWorker
}

/**
 * Closes every context the worker's browser has open: the end of a file (close-test-pages.ts), or
 * earlier in a file's own hooks, before it stops a server its pages would go on asking.
 */
export async function closeFilePages(): Promise<void> {
  const browser = await browserOfThisWorker
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
}

/**
 * What every open page showed, for a failed test's output: its address and its accessibility
 * tree (the dialogs, alerts and fields a test looks for), cut to `lines` a page.
 */
export async function describeOpenPages(lines = 120): Promise<string> {
  const browser = await browserOfThisWorker
  const pages = browser?.contexts().flatMap((context) => context.pages()) ?? []
  const described = await Promise.all(
    pages.map(async (page) => {
      const tree = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: Error) => `(no accessibility tree: ${error.message.split('\n')[0]})`)
      const shown = tree.split('\n')
      const cut = shown.length > lines ? `\n  … ${shown.length - lines} more lines` : ''
      return `--- open page ${page.url()}\n${shown.slice(0, lines).join('\n')}${cut}`
    }),
  )
  return described.join('\n')
}

/** The product this worker's files share (global-setup.ts starts one per worker). */
export const baseUrl = () => inject('baseUrls')[Number(process.env.VITEST_POOL_ID ?? 1) - 1]!

// The contexts openPage made while a test ran: left open, each page went on polling the product
// until its file ended (docs/decisions/0067-ci-module-rules-on-postgresql.md).
const contextsOfTheTest = new Set<BrowserContext>()
let isTestRunning = false

/** A test's pages end with it (e2e/close-test-pages.ts); those of a file's hooks, with the file. */
export const testPages = {
  begin(): void {
    isTestRunning = true
  },
  async end(): Promise<void> {
    isTestRunning = false
    const contexts = [...contextsOfTheTest]
    contextsOfTheTest.clear()
    await Promise.all(contexts.map((context) => context.close()))
  },
}

/**
 * A page in a fresh context (own cookies and storage) that fails the test on CSP or script errors.
 * `clientAddress`: the visitor's address as the product's proxy would forward it, for a test whose
 * wrong passwords or codes must not count against the address every other spec signs in from.
 */
export async function openPage(
  browser: Browser,
  path = '/',
  { clientAddress }: { clientAddress?: string } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...(clientAddress ? { extraHTTPHeaders: { 'x-forwarded-for': clientAddress } } : {}),
  })
  if (isTestRunning) contextsOfTheTest.add(context)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 40[0-9]/.test(message.text()))
      errors.push(message.text())
  })
  await page.goto(path)
  return { page, errors }
}

/**
 * Moves the open app to `path` as a click on a link would, without loading a page: the browser
 * then fetches the page's data itself (a full load finds it embedded in the server's HTML), so a
 * test can fake those answers with `page.route`.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), path)
}

/** Signs in through the Admin Access dialog, shown at `path` (any Business Center address). */
export async function loginAs(
  page: Page,
  { username, password } = owner,
  path = '/admin',
): Promise<void> {
  await page.goto(path)
  const dialog = page.getByRole('dialog', { name: 'Admin Access' })
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('heading', { name: 'Business Center' }).waitFor()
}

/**
 * Scrolls `target` to the middle of the screen and waits until it stays put for a few frames, as
 * a visitor's eye does before a tap. The landing page's sections lay out only as they near the
 * screen (content-visibility), so for a frame or two after a long scroll what lies below them
 * moves, and a click aimed meanwhile lands on whatever took the target's place.
 */
export async function scrollUntilStill(target: Locator): Promise<void> {
  await target.evaluate(async (element) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    element.scrollIntoView({ block: 'center' })
    let lastTop = Number.NaN
    let stillFrames = 0
    while (stillFrames < 3) {
      await nextFrame()
      const { top } = element.getBoundingClientRect()
      stillFrames = top === lastTop ? stillFrames + 1 : 0
      lastTop = top
    }
  })
}

/** Whether the page scrolls sideways: wider than its window, as a phone layout must never be. */
export const isWiderThanScreen = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
