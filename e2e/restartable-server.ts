import { startServerProcess, type ServerProcess } from '../server/test/server-process'
import { owner } from './owner'

/**
 * The shared end-to-end server cannot be restarted from a spec, so a spec that restarts one
 * starts its own built server on a data directory that outlives it.
 */
export function startRestartableServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): ServerProcess {
  return startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
      // No sports service: the support pages never ask for it.
      SPORTS_API_BASE: 'http://127.0.0.1:9',
      ...env,
    },
    'built',
  )
}
