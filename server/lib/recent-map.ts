/**
 * Sets `key` as the most recent entry of `entries` and drops the least recent beyond
 * `maxEntries` (a Map iterates in insertion order).
 */
export function setRecent<K, V>(entries: Map<K, V>, key: K, value: V, maxEntries: number): void {
  entries.delete(key)
  entries.set(key, value)
  for (const oldest of entries.keys()) {
    if (entries.size <= maxEntries) break
    entries.delete(oldest)
  }
}
