// Starts the built product (in the current folder) on a throwaway data directory with whichever
// Node runs this script, and checks that it answers: CI runs it on Node 24 (production) after the
// suite ran on Node 20, and server/deploy/production-install.test.ts in a production install.
// A payment history dry run checks that the build's second entry (the thread reading the file) is
// found beside the first.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'smoke-'))
// A port the system hands out as free: a random pick can land on another process's socket.
const port = await new Promise((resolve, reject) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
  probe.once('error', reject)
})
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'smoke',
    ADMIN_PASSWORD: 'smoke-test-lantern-4417',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

/** A dry run of a two-row payment history: the second row's amount is refused. */
async function checkImport() {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'smoke', password: 'smoke-test-lantern-4417' }),
  })
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`)
  const cookie = login.headers.get('set-cookie').split(';')[0]
  const file = [
    'email,firstName,lastName,plan,months,amount,currency,paidAt,method,reference',
    'ana@example.com,Ana,Lima,Monthly,1,9.99,EUR,2024-03-01,cash,R1',
    'bo@example.com,Bo,Berg,Monthly,1,ten euros,EUR,2024-03-01,cash,R2',
  ].join('\n')
  const answer = await fetch(`${base}/api/imports/payments?dryRun=true`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', origin: base, cookie },
    body: file,
  })
  const report = await answer.json()
  const isRefused = report.problems?.some(
    (problem) => problem.line === 3 && problem.field === 'amount',
  )
  if (answer.status !== 200 || report.rows !== 2 || !isRefused) {
    throw new Error(`payment history dry run: ${answer.status} ${JSON.stringify(report)}`)
  }
}

async function check() {
  for (let attempt = 0; attempt < 300; attempt++) {
    // Ready: migrated and the database answering, what a load balancer waits for.
    const readiness = await fetch(`${base}/api/ready`).then(
      (r) => r.json(),
      () => null,
    )
    if (readiness?.status === 'ready') {
      const home = await fetch(`${base}/`)
      const plans = await fetch(`${base}/api/plans`).then((r) => r.json())
      if (home.status !== 200 || !(await home.text()).includes('<div id="root">'))
        throw new Error('home page')
      if (plans.length !== 12) throw new Error(`expected 12 seeded plans, got ${plans.length}`)
      await checkImport()
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not become ready')
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
