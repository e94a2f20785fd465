import { useState } from 'react'

const storageKey = 'notifications-audio-enabled'

function readIsSoundOn(): boolean {
  try {
    return localStorage.getItem(storageKey) !== 'false'
  } catch {
    return true
  }
}

/** The bell's sound on/off switch, on by default and remembered in the browser. */
export function useSoundSetting(): [boolean, () => void] {
  const [isSoundOn, setIsSoundOn] = useState(readIsSoundOn)
  const toggle = () => {
    const next = !isSoundOn
    setIsSoundOn(next)
    try {
      localStorage.setItem(storageKey, String(next))
    } catch {
      // Remembered for this visit only.
    }
  }
  return [isSoundOn, toggle]
}
