import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import type { LobbyTicket } from '@common/support'
import { ConnectionIndicator } from '@/components/connection-indicator'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { lobbyQueryKey, refreshLobby } from '../api/get-lobby'
import { useTicketTotal } from '../api/get-ticket-total'
import { LobbyStats } from './lobby-stats'
import { SupportSettingsDialog } from './support-settings-dialog'

/** 'Live Chat Lobby': connection, counts and a refresh button. */
export function LobbyOverview({ chats }: { chats: LobbyTicket[] | undefined }) {
  const queryClient = useQueryClient()
  const total = useTicketTotal()
  const isRefreshing = useIsFetching({ queryKey: lobbyQueryKey }) > 0

  const handleRefresh = () => {
    void refreshLobby(queryClient)
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold tracking-tight">Live Chat Lobby</h2>
        <ConnectionIndicator />
        <div className="ml-auto flex flex-wrap gap-2">
          <SupportSettingsDialog />
          <Button variant="outline" size="sm" onClick={handleRefresh}>
            <RefreshCw className={cn(isRefreshing && 'motion-safe:animate-spin')} aria-hidden />
            Refresh
          </Button>
        </div>
      </div>
      <LobbyStats chats={chats} total={total.data} />
    </div>
  )
}
