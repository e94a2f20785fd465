// `npm test`: the build, the unit and integration suites, the measurements, then the end-to-end
// suite with the typecheck, lint and format check beside it, stopping at the first stage that
// fails. Each stage's time is printed, so a slow run shows where the minutes went.
import { spawn } from 'node:child_process'
import { once } from 'node:events'

// The unit and measurement stages' server processes start the build made first rather than
// import the sources through tsx (server/test/server-process.ts).
const withFreshBuild = { TEST_SERVER_PROCESS: 'built' }

const started = performance.now()
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0)

/** Runs one stage to its end; answers whether it passed. */
async function stage(name, command, args, env = {}) {
  const stageStarted = performance.now()
  console.log(`\n=== stage: ${name}`)
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const [status] = await once(child, 'exit')
  const passed = status === 0
  console.log(`=== stage: ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds(stageStarted)} s`)
  return passed
}

const inTurn = [
  ['build', 'npm', ['run', 'build']],
  ['unit and integration', 'npx', ['vitest', 'run'], withFreshBuild],
  ['measurements, one file at a time', 'npx', ['vitest', 'run', '--mode', 'alone'], withFreshBuild],
]
for (const [name, command, args, env] of inTurn) {
  if (!(await stage(name, command, args, env))) process.exit(1)
}

// The end-to-end stage leaves the cores idle a few percent of its time (its files wait on
// browsers and servers); the checks, at the lowest priority, take only that time, and their
// output comes in one piece when they end (docs/decisions/0069-tests-on-v8s-baseline-wasm-tier.md).
const checks = stage('typecheck, lint and format, beside the end-to-end stage', 'nice', [
  ...['-n', '19', 'npx', 'concurrently', '--group', '--names', 'typecheck,lint,format'],
  ...['npm:typecheck', 'npm:lint', 'npm:format:check'],
])
const endToEnd = stage('end-to-end', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'])
const passed = (await Promise.all([checks, endToEnd])).every(Boolean)
if (!passed) process.exit(1)
console.log(`=== all stages passed in ${seconds(started)} s`)
