import { freePort } from './free-port'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from './server-process'
import { createPostgresDatabase, owner } from './test-server'

export type RunningServer = { process: ServerProcess; url: string }

/**
 * `count` server processes (the TypeScript sources, signed-in as `owner`) on one fresh PostgreSQL
 * database, started together so one migrates while the others wait, once all are healthy.
 */
export async function startProcessesOnPostgres(count: number, env: Record<string, string> = {}) {
  const database = await createPostgresDatabase()
  const servers: RunningServer[] = []
  for (let i = 0; i < count; i++) {
    const port = await freePort()
    const process = startServerProcess({
      PORT: String(port),
      DATABASE_URL: database.url,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      ...env,
    })
    servers.push({ process, url: `http://127.0.0.1:${port}` })
  }
  const stop = async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server.process)))
    await database.drop()
  }
  await Promise.all(servers.map((server) => waitForHealth(server.url, server.process))).catch(
    async (error: unknown) => {
      await stop()
      throw error
    },
  )
  return { database, servers, stop }
}
