import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import type { LobbyTicket } from '@common/support'
import { ConnectionIndicator } from '@/components/connection-indicator'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { lobbyQueryKey } from '../api/get-lobby'
import { ticketTotalQueryKey, useTicketTotal } from '../api/get-ticket-total'
import { LobbyStats } from './lobby-stats'

/** 'Live Chat Lobby': connection, counts and a refresh button. */
export function LobbyOverview({ chats }: { chats: LobbyTicket[] | undefined }) {
  const queryClient = useQueryClient()
  const total = useTicketTotal()
  const isRefreshing = useIsFetching({ queryKey: lobbyQueryKey }) > 0

  const handleRefresh = () => {
    void queryClient.invalidateQueries({ queryKey: lobbyQueryKey })
    void queryClient.invalidateQueries({ queryKey: ticketTotalQueryKey })
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold tracking-tight">Live Chat Lobby</h2>
        <ConnectionIndicator />
        <Button variant="outline" size="sm" className="ml-auto" onClick={handleRefresh}>
          <RefreshCw className={cn(isRefreshing && 'motion-safe:animate-spin')} aria-hidden />
          Refresh
        </Button>
      </div>
      <LobbyStats chats={chats} total={total.data} />
    </div>
  )
}
