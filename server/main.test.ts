import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './test/free-port'

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

/** Runs server/main.ts as its own process, the way `npm start` does. */
function startProcess(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function waitForHealth(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not become healthy: ${started.output()}`)
}

describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'main-test-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('stops with one clear line on invalid configuration', async () => {
    const started = startProcess({ PORT: 'eighty', DATA_DIR: dataDir })
    expect(await started.exited).toBe(1)
    expect(started.output()).toBe('Invalid configuration: PORT must be a number\n')
  })

  it('prints a random first password once, refuses a second server on the same data, and exits 0 on SIGTERM', async () => {
    const serverPort = String(await freePort())
    const first = startProcess({ PORT: serverPort, DATA_DIR: dataDir })
    await waitForHealth(Number(serverPort), first)
    const password = /Username: admin {2}Password: (\S+)/.exec(first.output())?.[1]
    expect(password).toMatch(/^[\w-]{16}$/)

    const second = startProcess({ PORT: String(await freePort()), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(
      /^The data directory .* is in use by another server \(pid \d+\)/,
    )

    const login = await fetch(`http://127.0.0.1:${serverPort}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    })
    expect(login.status).toBe(200)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    // The data survives a restart, and the password is not printed again.
    const restarted = startProcess({ PORT: serverPort, DATA_DIR: dataDir })
    await waitForHealth(Number(serverPort), restarted)
    expect(restarted.output()).not.toContain('Password:')
    restarted.child.kill('SIGTERM')
    expect(await restarted.exited).toBe(0)
  }, 120_000)
})
