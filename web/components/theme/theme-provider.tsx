import { createContext, use, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'

type Theme = 'light' | 'dark'

const storageKey = 'theme'
const systemDarkQuery = '(prefers-color-scheme: dark)'

type ThemeContextValue = { theme: Theme; toggleTheme: () => void }

const ThemeContext = createContext<ThemeContextValue | null>(null)

function readStoredTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(storageKey)
    return stored === 'light' || stored === 'dark' ? stored : null
  } catch {
    return null
  }
}

function storeTheme(theme: Theme) {
  try {
    localStorage.setItem(storageKey, theme)
  } catch {
    // Blocked storage only means the choice is not remembered.
  }
}

// The theme lives in the `dark` class of <html>, which the head's inline script (common/theme-init.ts) sets before the first
// paint; React follows it. The server cannot know it: it renders light, and React switches the
// toggle's icon right after hydration without a mismatch.
const themeListeners = new Set<() => void>()

function subscribeToTheme(listener: () => void) {
  themeListeners.add(listener)
  return () => themeListeners.delete(listener)
}

const readTheme = (): Theme =>
  document.documentElement.classList.contains('dark') ? 'dark' : 'light'

function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  for (const listener of themeListeners) listener()
}

/** Light or dark theme; the head's inline script has already applied it before the first paint. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeToTheme, readTheme, () => 'light' as const)

  // Until the visitor picks a theme, follow the system setting as it changes.
  useEffect(() => {
    const query = window.matchMedia(systemDarkQuery)
    const handleChange = (event: MediaQueryListEvent) => {
      if (readStoredTheme() === null) applyTheme(event.matches ? 'dark' : 'light')
    }
    query.addEventListener('change', handleChange)
    return () => query.removeEventListener('change', handleChange)
  }, [])

  const toggleTheme = useCallback(() => {
    const next = readTheme() === 'dark' ? 'light' : 'dark'
    storeTheme(next)
    applyTheme(next)
  }, [])

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme])
  return <ThemeContext value={value}>{children}</ThemeContext>
}

export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext)
  if (!context) throw new Error('useTheme must be used within a ThemeProvider')
  return context
}
