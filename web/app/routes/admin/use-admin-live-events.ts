import { useQueryClient } from '@tanstack/react-query'
import { sessionEndedMessage } from '@common/realtime'
import { refreshAdminSession } from '@/features/auth/api/get-admin-session'
import { refreshNotifications } from '@/features/notifications/api/notification-scope'
import { refreshChatMessages } from '@/features/support/api/get-chat-messages'
import { lobbyQueryKey, refreshLobby } from '@/features/support/api/get-lobby'
import { refreshTickets } from '@/features/support/api/get-ticket'
import { refreshTicketNotes } from '@/features/support/api/get-ticket-notes'
import { refreshSupplierSync } from '@/features/m3u/api/get-supplier-status'
import { refreshTrialRequests } from '@/features/trial-requests/api/get-trial-requests'
import { dispatchAdminNotification } from '@/lib/admin-notification-event'
import { useLiveSocketFrames, useLiveSocketResync } from '@/lib/live-socket-context'
import { showToast } from '@/lib/toast'

/**
 * The Business Center's side of the live socket: notifications go to the bell through the
 * 'admin-notification-received' window event, chat activity marks the lobby's data
 * stale and a trial signup the contacts', on any tab, so each tab is current when it is opened.
 * After a gap (the socket reconnected, or the server missed events) everything live is fetched
 * again.
 */
export function useAdminLiveEvents() {
  const queryClient = useQueryClient()
  const refreshContacts = () => void refreshTrialRequests(queryClient)

  useLiveSocketResync(() => {
    refreshContacts()
    void refreshLobby(queryClient)
    void refreshTickets(queryClient)
    void refreshChatMessages(queryClient)
    void refreshTicketNotes(queryClient)
    void refreshNotifications(queryClient)
  })

  useLiveSocketFrames((frame) => {
    switch (frame.type) {
      case 'notification:new':
        dispatchAdminNotification(frame.data)
        if (frame.data.type === 'support_ticket_created') void refreshLobby(queryClient)
        if (frame.data.type === 'trial_signup') refreshContacts()
        if (frame.data.type.startsWith('supplier_')) void refreshSupplierSync(queryClient)
        return
      case 'new_message':
        return void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
      case 'ticket:updated':
        // Another agent's change: the chat may leave the lobby or move in it.
        return void refreshLobby(queryClient)
      case 'auth:failed':
        // Signed out (here or elsewhere) or expired: reading the session brings back the
        // sign-in dialog, which says all there is to say.
        void refreshAdminSession(queryClient)
        if (frame.message === sessionEndedMessage) return
        return showToast({
          title: 'Authentication Error',
          description: 'Failed to authenticate admin session for live chat',
          variant: 'destructive',
        })
      case 'auth:error':
      case 'error':
        return console.error('Live socket:', frame.message)
    }
  })
}
