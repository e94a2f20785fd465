import { useQueryClient } from '@tanstack/react-query'
import { refreshNotifications } from '@/features/notifications/api/notification-scope'
import { refreshChatMessages } from '@/features/support/api/get-chat-messages'
import { refreshTickets } from '@/features/support/api/get-ticket'
import { useLiveSocketResync } from '@/lib/live-socket-context'

/**
 * The visitor's ticket, chat and bell, fetched again after a gap in live events (the socket
 * reconnected, or the server missed events), so no message or notification is missed.
 */
export function useSupportResync() {
  const queryClient = useQueryClient()
  useLiveSocketResync(() => {
    void refreshTickets(queryClient)
    void refreshChatMessages(queryClient)
    void refreshNotifications(queryClient)
  })
}
