/** One webhook to send: which event, when (ms from the window's start) and to which process. */
export type Send<T> = { item: T; atMs: number; target: 0 | 1; isDuplicate: boolean }

// A later redelivery repeats one of the events sent in this many seconds before it.
const redeliveryWindowS = 2

/**
 * The webhooks of one window: each item's event once, at `rate` sends a second, alternating
 * between the two processes as a round-robin balancer would; `duplicateShare` of all sends repeat
 * an earlier event at the other process, half of them at the same moment as its first delivery
 * (two processes at once), half up to two seconds later (Stripe's redelivery). Sorted by time.
 */
export function planSends<T>(items: T[], rate: number, duplicateShare: number): Send<T>[] {
  const total = Math.round(items.length / (1 - duplicateShare))
  const duplicateSlots = new Set<number>()
  while (duplicateSlots.size < total - items.length) {
    // Slot 0 is always a first delivery, so every duplicate has one before it.
    duplicateSlots.add(1 + Math.floor(Math.random() * (total - 1)))
  }
  const slotMs = 1000 / rate
  const firsts: Send<T>[] = []
  const sends: Send<T>[] = []
  for (let slot = 0; slot < total; slot++) {
    const atMs = slot * slotMs
    if (!duplicateSlots.has(slot)) {
      const first: Send<T> = {
        item: items[firsts.length]!,
        atMs,
        target: (slot % 2) as 0 | 1,
        isDuplicate: false,
      }
      firsts.push(first)
      sends.push(first)
      continue
    }
    const isAtOnce = Math.random() < 0.5
    const recent = firsts.slice(-redeliveryWindowS * rate)
    const original = isAtOnce ? firsts.at(-1)! : recent[Math.floor(Math.random() * recent.length)]!
    sends.push({
      item: original.item,
      atMs: isAtOnce ? original.atMs : atMs,
      target: (1 - original.target) as 0 | 1,
      isDuplicate: true,
    })
  }
  return sends.sort((a, b) => a.atMs - b.atMs)
}
