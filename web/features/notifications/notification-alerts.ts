import type { Notification } from '@common/notifications'

let audioContext: AudioContext | null = null

/** An 800 Hz sine, gain 0.3 fading to 0.01 over 0.3 s. A failure is only a warning. */
export function playNotificationSound(): void {
  try {
    audioContext ??= new AudioContext()
    const start = audioContext.currentTime
    const oscillator = audioContext.createOscillator()
    const gain = audioContext.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.setValueAtTime(800, start)
    gain.gain.setValueAtTime(0.3, start)
    gain.gain.exponentialRampToValueAtTime(0.01, start + 0.3)
    oscillator.connect(gain).connect(audioContext.destination)
    oscillator.start(start)
    oscillator.stop(start + 0.3)
  } catch (error) {
    console.warn('Could not play the notification sound', error)
  }
}

const canNotify = () => typeof Notification !== 'undefined'

let hasAskedForPermission = false

/** Asks once per page load, and only while the visitor has not decided yet. */
export function requestBrowserNotificationPermission(): void {
  if (hasAskedForPermission || !canNotify() || Notification.permission !== 'default') return
  hasAskedForPermission = true
  Notification.requestPermission().catch((error: unknown) =>
    console.warn('Could not ask for notification permission', error),
  )
}

export function showBrowserNotification(notification: Notification): void {
  if (!canNotify() || Notification.permission !== 'granted') return
  try {
    new Notification(notification.title, { body: notification.body, icon: '/favicon.ico' })
  } catch (error) {
    // Some mobile browsers allow notifications only from a service worker.
    console.warn('Could not show a browser notification', error)
  }
}
