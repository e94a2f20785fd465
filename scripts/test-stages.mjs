// `npm test`: the checks, the unit and integration suites, then the end-to-end suite, one after
// the other, stopping at the first that fails. Each stage's time is printed, so a slow run shows
// where the minutes went.
import { spawnSync } from 'node:child_process'

// The checks build dist/ from these sources, so the unit and measurement stages' server processes
// start that build rather than import the sources through tsx (server/test/server-process.ts).
const withFreshBuild = { TEST_SERVER_PROCESS: 'built' }

const stages = [
  ['checks', 'npm', ['run', 'check']],
  ['unit and integration', 'npx', ['vitest', 'run'], withFreshBuild],
  ['measurements, one file at a time', 'npx', ['vitest', 'run', '--mode', 'alone'], withFreshBuild],
  ['end-to-end', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']],
]

const started = performance.now()
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0)
for (const [name, command, args, env = {}] of stages) {
  const stageStarted = performance.now()
  console.log(`\n=== stage: ${name}`)
  const { status } = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  console.log(
    `=== stage: ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(stageStarted)} s`,
  )
  if (status !== 0) process.exit(status ?? 1)
}
console.log(`=== all stages passed in ${seconds(started)} s`)
