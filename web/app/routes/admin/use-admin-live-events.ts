import { useQueryClient } from '@tanstack/react-query'
import { lobbyQueryKey } from '@/features/support-lobby/api/get-lobby'
import { ticketTotalQueryKey } from '@/features/support-lobby/api/get-ticket-total'
import { dispatchAdminNotification } from '@/lib/admin-notification-event'
import { useLiveSocketFrames } from '@/lib/live-socket-context'
import { showToast } from '@/lib/toast'

/**
 * The Business Center's side of the live socket: notifications go to the bell through the
 * 'admin-notification-received' window event (spec §6), and chat activity marks the lobby's
 * data stale, on any tab, so the Support Center is current the moment it is opened.
 */
export function useAdminLiveEvents() {
  const queryClient = useQueryClient()
  const refreshLobby = () => {
    void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
    void queryClient.invalidateQueries({ queryKey: ticketTotalQueryKey })
  }

  useLiveSocketFrames((frame) => {
    switch (frame.type) {
      case 'notification:new':
        dispatchAdminNotification(frame.data)
        if (frame.data.type === 'support_ticket_created') refreshLobby()
        return
      case 'new_message':
        return void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
      case 'auth:verified':
        // Whatever happened while the socket was down.
        return refreshLobby()
      case 'auth:failed':
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
