import {
  createContext,
  use,
  useEffect,
  useEffectEvent,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import type { NotificationRole } from '@common/notifications'
import type { ServerFrame } from '@common/realtime'
import { asksToRefetch, LiveSocket, type LiveSocketStatus } from './live-socket'
import { showToast } from './toast'

const LiveSocketContext = createContext<LiveSocket | null>(null)

const showConnectionLost = () =>
  showToast({
    title: 'Connection Lost',
    description: 'Unable to reconnect to live chat. Please refresh the page.',
    variant: 'destructive',
    duration: 10_000,
  })

const showRefused = (reason: string) =>
  showToast({
    title: 'Live updates stopped',
    description: `${reason}. Close other tabs of this site, then reload the page.`,
    variant: 'destructive',
    duration: 10_000,
  })

type LiveSocketProviderProps = {
  role: NotificationRole
  /** A customer's ticket id; null for an admin. A new key opens a new socket. */
  socketKey: string | null
  children: ReactNode
}

/** One live socket for the subtree (a page), open while it is mounted. */
export function LiveSocketProvider({ role, socketKey, children }: LiveSocketProviderProps) {
  const socket = useMemo(
    () =>
      new LiveSocket({
        role,
        key: socketKey,
        onGiveUp: showConnectionLost,
        onRefused: showRefused,
      }),
    [role, socketKey],
  )
  useEffect(() => {
    socket.start()
    return () => socket.stop()
  }, [socket])
  return <LiveSocketContext value={socket}>{children}</LiveSocketContext>
}

function useLiveSocket(): LiveSocket {
  const socket = use(LiveSocketContext)
  if (!socket) throw new Error('Live socket hooks must be used within a LiveSocketProvider')
  return socket
}

export function useLiveSocketStatus(): LiveSocketStatus {
  const socket = useLiveSocket()
  return useSyncExternalStore(socket.subscribeStatus, socket.getStatus)
}

/** Why the server refused the socket for good, while it is `refused`; else null. */
export function useLiveSocketRefusal(): string | null {
  const socket = useLiveSocket()
  return useSyncExternalStore(socket.subscribeStatus, () => socket.refusal)
}

/** Calls `handler` with every frame the server sends, with the handler's latest props. */
export function useLiveSocketFrames(handler: (frame: ServerFrame) => void): void {
  const socket = useLiveSocket()
  const onFrame = useEffectEvent(handler)
  useEffect(() => socket.subscribe((frame) => onFrame(frame)), [socket])
}

/** Calls `handler` whenever what the page shows may be stale (see `asksToRefetch`). */
export function useLiveSocketResync(handler: () => void): void {
  useLiveSocketFrames((frame) => {
    if (asksToRefetch(frame)) handler()
  })
}

/** Follows a ticket's chat on the socket while the caller is mounted. */
export function useJoinTicket(ticketId: string): void {
  const socket = useLiveSocket()
  useEffect(() => socket.joinTicket(ticketId), [socket, ticketId])
}

/** Sends a `typing` frame for a ticket's chat (dropped while the socket is down). */
export function useSendTyping(): (ticketId: string) => void {
  const socket = useLiveSocket()
  return useMemo(() => (ticketId: string) => socket.sendTyping(ticketId), [socket])
}
