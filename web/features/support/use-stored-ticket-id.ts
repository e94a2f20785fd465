import { useCallback, useSyncExternalStore } from 'react'
import { ticketLinkParam } from '@common/routes'

const storageKey = 'support-ticket-id'
const listeners = new Set<() => void>()

// Storage can be unavailable (private modes, blocked cookies): the page then simply forgets.
function readStoredTicketId(): string | null {
  try {
    return localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

// Kept here too, so a visit whose storage is blocked still follows its own ticket.
let currentTicketId: string | null | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// A ticket's link (from its e-mails) opens that ticket, and it becomes the stored one.
function linkedTicketId(): string | null {
  const id = new URLSearchParams(window.location.search).get(ticketLinkParam)
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null
  try {
    localStorage.setItem(storageKey, id)
  } catch {
    // Followed for this visit only.
  }
  return id
}

function getTicketId(): string | null {
  if (currentTicketId === undefined) currentTicketId = linkedTicketId() ?? readStoredTicketId()
  return currentTicketId
}

/**
 * The visitor's active ticket id, kept in the browser so a return visit lands in the chat.
 * The server renders the new-ticket form (it cannot see the browser's storage); a stored
 * ticket takes over right after hydration.
 */
export function useStoredTicketId(): [string | null, (ticketId: string | null) => void] {
  const ticketId = useSyncExternalStore(subscribe, getTicketId, () => null)
  const update = useCallback((next: string | null) => {
    currentTicketId = next
    try {
      if (next) localStorage.setItem(storageKey, next)
      else localStorage.removeItem(storageKey)
    } catch {
      // Kept for this visit only.
    }
    for (const listener of listeners) listener()
  }, [])
  return [ticketId, update]
}
