import WebSocket from 'ws'
import type { ClientFrameInput, ServerFrame } from '../../common/realtime'

/**
 * A /ws client that records every frame and can wait for one. It sends no Origin unless told
 * (as a non-browser client would); `headers` can add one.
 */
export async function openSocket(
  baseUrl: string,
  cookie?: string | null,
  headers: Record<string, string> = {},
) {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/ws', {
    headers: cookie ? { ...headers, cookie } : headers,
  })
  const frames: ServerFrame[] = []
  const waiters = new Set<() => void>()
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ServerFrame)
    for (const wake of waiters) wake()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })

  /** Resolves with the first frame (seen or future) that matches, or fails after `timeoutMs`. */
  function waitFor<T extends ServerFrame>(
    match: (frame: ServerFrame) => frame is T,
    timeoutMs?: number,
  ): Promise<T>
  function waitFor(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>
  function waitFor(match: (frame: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = frames.find(match)
        if (!found) return false
        waiters.delete(check)
        clearTimeout(timer)
        resolve(found)
        return true
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`No matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`))
      }, timeoutMs)
      if (!check()) waiters.add(check)
    })
  }

  return {
    frames,
    closed,
    send: (frame: ClientFrameInput | string) =>
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    waitFor,
    ofType: <K extends ServerFrame['type']>(type: K) =>
      frames.filter((f) => f.type === type) as Extract<ServerFrame, { type: K }>[],
    close: () => socket.close(1000),
  }
}

export type TestSocket = Awaited<ReturnType<typeof openSocket>>

/** A socket that has identified as admin with the session cookie `cookie`. */
export async function openAdminSocket(
  baseUrl: string,
  cookie: string | null,
  headers: Record<string, string> = {},
) {
  const socket = await openSocket(baseUrl, cookie, headers)
  socket.send({ type: 'identify', role: 'admin', key: null })
  await socket.waitFor((f) => f.type === 'auth:verified')
  return socket
}
