import { freePort } from './free-port'
import {
  defaultEntry,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  waitForReady,
  type ServerEntry,
  type ServerProcess,
} from './server-process'
import { createPostgresDatabase, owner } from './test-server'

export type RunningServer = { process: ServerProcess; url: string; port: number }

/**
 * `count` server processes (by default the sources, or under `npm test` the build: see
 * server-process.ts), signed-in as `owner`, on one fresh PostgreSQL database, started together so
 * one migrates while the others wait, once all are healthy.
 */
export async function startProcessesOnPostgres(
  count: number,
  env: Record<string, string> = {},
  entry: ServerEntry = defaultEntry,
) {
  const database = await createPostgresDatabase()
  const start = (port: number) =>
    startServerProcess(
      {
        PORT: String(port),
        DATABASE_URL: database.url,
        ADMIN_USERNAME: owner.username,
        ADMIN_PASSWORD: owner.password,
        ...env,
      },
      entry,
    )
  const servers: RunningServer[] = []
  for (let i = 0; i < count; i++) {
    const port = await freePort()
    servers.push({ process: start(port), url: `http://127.0.0.1:${port}`, port })
  }
  const stop = async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server.process)))
    await database.drop()
  }
  /** SIGTERM to one process, then a new one on its port once it exited; resolves once ready. */
  const restart = async (server: RunningServer) => {
    const exitCode = await stopServerProcess(server.process)
    server.process = start(server.port)
    await waitForReady(server.url, server.process)
    return { exitCode }
  }
  await Promise.all(servers.map((server) => waitForHealth(server.url, server.process))).catch(
    async (error: unknown) => {
      await stop()
      throw error
    },
  )
  return { database, servers, stop, restart }
}
