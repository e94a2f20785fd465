// `npm test`: the checks, the unit and integration suites, then the end-to-end suite, one after
// the other, stopping at the first that fails. Each stage's time is printed, so a slow run shows
// where the minutes went.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The checks build dist/ from these sources, so the unit and measurement stages' server processes
// start that build rather than import the sources through tsx (server/test/server-process.ts).
const withFreshBuild = { TEST_SERVER_PROCESS: 'built' }

const stages = [
  ['checks', 'npm', ['run', 'check']],
  ['unit and integration', 'npx', ['vitest', 'run'], withFreshBuild],
  ['measurements, one file at a time', 'npx', ['vitest', 'run', '--mode', 'alone'], withFreshBuild],
  ['end-to-end', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']],
]

// What the stages make once for all of them: the migrated PGlite database the test servers start
// from (server/test/migrated-copies.ts) is written by the first and read by the others.
const runDir = mkdtempSync(join(tmpdir(), 'test-run-'))

const started = performance.now()
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0)
let failure = 0
for (const [name, command, args, env = {}] of stages) {
  const stageStarted = performance.now()
  console.log(`\n=== stage: ${name}`)
  const { status } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_RUN_DIR: runDir, ...env },
  })
  console.log(
    `=== stage: ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(stageStarted)} s`,
  )
  if (status !== 0) {
    failure = status ?? 1
    break
  }
}
rmSync(runDir, { recursive: true, force: true })
if (failure) process.exit(failure)
console.log(`=== all stages passed in ${seconds(started)} s`)
