import { useCallback, useState } from 'react'

const storageKey = 'support-ticket-id'

// Storage can be unavailable (private modes, blocked cookies): the page then simply forgets.
function readStoredTicketId(): string | null {
  try {
    return localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

/** The visitor's active ticket id, kept in the browser so a return visit lands in the chat. */
export function useStoredTicketId(): [string | null, (ticketId: string | null) => void] {
  const [ticketId, setTicketId] = useState(readStoredTicketId)
  const update = useCallback((next: string | null) => {
    setTicketId(next)
    try {
      if (next) localStorage.setItem(storageKey, next)
      else localStorage.removeItem(storageKey)
    } catch {
      // Kept for this visit only.
    }
  }, [])
  return [ticketId, update]
}
