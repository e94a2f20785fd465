/**
 * Runs in the page's head before the first paint, so a dark-theme visitor never sees a flash of
 * the light theme. It is inline, allowed by its hash in the Content-Security-Policy
 * (server/plugins/security.ts), so that the first paint waits for no request.
 */
export const themeInitScript = `(function () {
  var stored = null
  try {
    stored = localStorage.getItem('theme')
  } catch (e) {
    // Storage can be blocked (privacy modes): fall back to the system preference.
  }
  var isDark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', isDark)
})()`

export const themeInitTag = `<script>${themeInitScript}</script>`
