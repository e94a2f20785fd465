// Runs before first paint so a dark-theme visitor never sees a flash of the light theme.
// An external file because the Content-Security-Policy forbids inline scripts.
;(function () {
  var stored = null
  try {
    stored = localStorage.getItem('theme')
  } catch {
    // Storage can be blocked (privacy modes); fall back to the system preference.
  }
  var isDark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', isDark)
})()
