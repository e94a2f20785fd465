import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './test/free-port'
import { startServerProcess as startProcess, waitForHealth } from './test/server-process'

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
    await waitForHealth(`http://127.0.0.1:${serverPort}`, first)
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
    await waitForHealth(`http://127.0.0.1:${serverPort}`, restarted)
    expect(restarted.output()).not.toContain('Password:')
    restarted.child.kill('SIGTERM')
    expect(await restarted.exited).toBe(0)
  }, 120_000)
})
