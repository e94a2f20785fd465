import { useQueryClient } from '@tanstack/react-query'
import { lobbyQueryKey } from '@/features/support-lobby/api/get-lobby'
import { ticketTotalQueryKey } from '@/features/support-lobby/api/get-ticket-total'
import { trialRequestsQueryKey } from '@/features/trial-requests/api/get-trial-requests'
import { dispatchAdminNotification } from '@/lib/admin-notification-event'
import { useLiveSocketFrames } from '@/lib/live-socket-context'
import { showToast } from '@/lib/toast'

/**
 * The Business Center's side of the live socket: notifications go to the bell through the
 * 'admin-notification-received' window event (spec §6), chat activity marks the lobby's data
 * stale and a trial signup the contacts', on any tab, so each tab is current when it is opened.
 */
export function useAdminLiveEvents() {
  const queryClient = useQueryClient()
  const refreshLobby = () => {
    void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
    void queryClient.invalidateQueries({ queryKey: ticketTotalQueryKey })
  }
  const refreshContacts = () =>
    void queryClient.invalidateQueries({ queryKey: trialRequestsQueryKey })

  useLiveSocketFrames((frame) => {
    switch (frame.type) {
      case 'notification:new':
        dispatchAdminNotification(frame.data)
        if (frame.data.type === 'support_ticket_created') refreshLobby()
        if (frame.data.type === 'trial_signup') refreshContacts()
        return
      case 'new_message':
        return void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
      case 'ticket:updated':
        // Another agent's change: the chat may leave the lobby or move in it.
        return refreshLobby()
      case 'auth:verified':
        // Whatever happened while the socket was down.
        refreshContacts()
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
