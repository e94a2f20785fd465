import { spawn } from 'node:child_process'

export type CliRun = { code: number | null; stdout: string; stderr: string }

/** Runs one of the operator's commands (`server/cli/<name>.ts`) as its own process, to its end. */
export function runCli(name: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/cli/${name}.ts`, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}
