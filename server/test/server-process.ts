import { spawn, type ChildProcess } from 'node:child_process'

export type ServerProcess = {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

const entries = {
  /** The TypeScript sources, through tsx. */
  source: ['--import', 'tsx', 'server/main.ts'],
  /** The build, exactly as `npm start` runs it. */
  built: ['--enable-source-maps', 'dist/server/main.js'],
}

/** Runs the server as its own process. */
export function startServerProcess(
  env: Record<string, string>,
  entry: keyof typeof entries = 'source',
): ServerProcess {
  const child = spawn(process.execPath, entries[entry], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

export async function waitForHealth(baseUrl: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (isUp) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not become healthy: ${server.output()}`)
}

export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode
  server.child.kill('SIGTERM')
  return server.exited
}
