import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { freePort } from './free-port'
import { migratedPgliteDataDir } from './migrated-data-dir'
import { shortLivedProcessFlags } from './short-lived-process'

export type ServerProcess = {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

const entries = {
  /** The TypeScript sources, through tsx. */
  source: ['--import', 'tsx', 'server/main.ts'],
  /** The build, as `npm start` runs it (V8's flags aside: shortLivedProcessFlags). */
  built: ['--enable-source-maps', 'dist/server/main.js'],
}

export type ServerEntry = keyof typeof entries

/**
 * `npm test` builds before the unit stage and says so (scripts/test-stages.mjs): its processes
 * then start that build of the same sources, at half the CPU of importing them through tsx.
 * Anywhere else the build may be older than the sources, so they start from the sources.
 */
export const defaultEntry: ServerEntry =
  process.env.TEST_SERVER_PROCESS === 'built' ? 'built' : 'source'

/** Runs the server as its own process, from this checkout or another one (`cwd`). */
export function startServerProcess(
  env: Record<string, string>,
  entry: ServerEntry = defaultEntry,
  cwd?: string,
): ServerProcess {
  const child = spawn(process.execPath, [...shortLivedProcessFlags, ...entries[entry]], {
    cwd,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Waits until `path` answers 2xx: `/api/health` (alive) or `/api/ready` (migrated, database up). */
export async function waitForAnswer(
  baseUrl: string,
  server: ServerProcess,
  path: '/api/health' | '/api/ready',
): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
    const isUp = await fetch(`${baseUrl}${path}`).then(
      (response) => response.ok,
      () => false,
    )
    if (isUp) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not answer ${path}: ${server.output()}`)
}

export const waitForHealth = (baseUrl: string, server: ServerProcess) =>
  waitForAnswer(baseUrl, server, '/api/health')

export const waitForReady = (baseUrl: string, server: ServerProcess) =>
  waitForAnswer(baseUrl, server, '/api/ready')

export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode
  server.child.kill('SIGTERM')
  return server.exited
}

/** The server on a free port and a data directory of its own with the owner, once healthy. */
export async function startServerOnTempData(env: Record<string, string> = {}) {
  const dataDir = migratedPgliteDataDir('server-process-')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, ...env })
  const stop = async () => {
    await stopServerProcess(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
  await waitForHealth(url, server).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { ...server, port, url, stop }
}
