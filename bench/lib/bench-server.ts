import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { freePort } from '../../server/test/free-port'
import { startServerProcess, type ServerProcess } from '../../server/test/server-process'

/** The super_admin a benchmark's server is started with. */
export const benchOwner = { username: 'bench', password: 'measured-quietly-2026' }

/** `--root DIR`: the checkout whose server is measured (this one by default), for comparisons. */
export function benchRoot(): string {
  const { values } = parseArgs({ options: { root: { type: 'string', default: '.' } } })
  return resolve(values.root)
}

type BenchServer = { server: ServerProcess; baseUrl: string }

/**
 * Starts the server of `root` on a free port with the bench owner, quiet logs and no cap on
 * connections per address: every client of a benchmark comes from 127.0.0.1.
 */
export async function startBenchServer(
  env: Record<string, string>,
  entry: 'source' | 'built',
  root: string,
): Promise<BenchServer> {
  const port = await freePort()
  const server = startServerProcess(
    {
      ...env,
      PORT: String(port),
      ADMIN_USERNAME: benchOwner.username,
      ADMIN_PASSWORD: benchOwner.password,
      LOG_LEVEL: 'error',
      MAX_CONNECTIONS_PER_IP: '0',
    },
    entry,
    root,
  )
  return { server, baseUrl: `http://127.0.0.1:${port}` }
}
