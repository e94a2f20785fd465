// Starts the built product on a throwaway data directory with whichever Node runs this script,
// and checks that it answers: CI runs it on Node 24 (production) after the suite ran on Node 20.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'smoke-'))
const port = 20000 + Math.floor(Math.random() * 20000)
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

async function check() {
  for (let attempt = 0; attempt < 300; attempt++) {
    const health = await fetch(`${base}/api/health`).then(
      (r) => r.json(),
      () => null,
    )
    if (health?.status === 'ok') {
      const home = await fetch(`${base}/`)
      const plans = await fetch(`${base}/api/plans`).then((r) => r.json())
      if (home.status !== 200 || !(await home.text()).includes('<div id="root">'))
        throw new Error('home page')
      if (plans.length !== 12) throw new Error(`expected 12 seeded plans, got ${plans.length}`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not become healthy')
}

try {
  await check()
  console.log(`Smoke test passed on Node ${process.versions.node}`)
} catch (error) {
  console.error(`Smoke test failed on Node ${process.versions.node}: ${error.message}`)
  process.exitCode = 1
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
