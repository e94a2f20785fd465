import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/**
 * Every class list merged so far, by its joined input: a component renders the same few lists
 * again and again. The merges that changed a list also travel with a server-rendered page
 * (`classMergesElementId`): tailwind-merge builds its map of every Tailwind class on its first
 * call, about 100 ms of a phone's time in the middle of hydration, which the page can skip.
 */
const merged = new Map<string, string>()
let serverMerges: Readonly<Record<string, string>> | null = null

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  const joined = clsx(inputs)
  let result = merged.get(joined)
  if (result === undefined) {
    // Hydration renders exactly the server's lists: one it did not hand over needed no merge.
    result = serverMerges ? (serverMerges[joined] ?? joined) : twMerge(joined)
    merged.set(joined, result)
  }
  return result
}

/** The merges that changed a class list, for the page the server renders to hand over. */
export function classMergesMade(): Record<string, string> {
  return Object.fromEntries([...merged].filter(([joined, result]) => joined !== result))
}

/**
 * Takes the merges a server-rendered page was rendered with, for its hydration; `null` once the
 * page has hydrated, when a list the server never rendered can appear.
 */
export function setServerClassMerges(merges: Readonly<Record<string, string>> | null) {
  serverMerges = merges
}
