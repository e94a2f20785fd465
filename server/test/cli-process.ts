import { spawn } from 'node:child_process'
import { defaultEntry } from './server-process'
import { shortLivedProcessFlags } from './short-lived-process'

export type CliRun = { code: number | null; stdout: string; stderr: string }

/**
 * Under `npm test`, like the server processes (server-process.ts), the build of the same sources,
 * as `npm run restore` runs it; anywhere else the sources through tsx.
 */
const entries = {
  source: (name: string) => ['--import', 'tsx', `server/cli/${name}.ts`],
  built: (name: string) => ['--enable-source-maps', `dist/server/${name}.js`],
}

/** Runs one of the operator's commands (`server/cli/<name>.ts`) as its own process, to its end. */
export function runCli(name: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    [...shortLivedProcessFlags, ...entries[defaultEntry](name), ...args],
    {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}
