import WebSocket from 'ws'

/**
 * A DevTools protocol session with a process started with `--inspect=127.0.0.1:<port>`: the
 * bench reads the server's heap from outside, so the server carries no bench-only code.
 */
export async function connectInspector(port: number) {
  const [target] = (await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json())) as {
    webSocketDebuggerUrl: string
  }[]
  const socket = new WebSocket(target!.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let nextId = 1
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown }
    if (message.id !== undefined) pending.get(message.id)?.(message)
  })

  function call<T>(method: string, params: object = {}): Promise<T> {
    const id = nextId++
    socket.send(JSON.stringify({ id, method, params }))
    return new Promise((resolve, reject) =>
      pending.set(id, (message) => {
        pending.delete(id)
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`))
        else resolve(message.result as T)
      }),
    )
  }

  return {
    /** `process.memoryUsage()` of the inspected process right after a full garbage collection. */
    async memoryAfterGc(): Promise<NodeJS.MemoryUsage> {
      await call('HeapProfiler.collectGarbage')
      const { result } = await call<{ result: { value: NodeJS.MemoryUsage } }>('Runtime.evaluate', {
        expression: 'process.memoryUsage()',
        returnByValue: true,
      })
      return result.value
    },
    close: () => socket.close(),
  }
}
