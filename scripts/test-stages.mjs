// `npm test`: the build, the unit and integration suites with the static checks beside them, the
// measurements alone, then the end-to-end suite, one after the other, stopping at the first that
// fails. Each stage's time is printed, so a slow run shows where the minutes went.
import { spawn } from 'node:child_process'

// The unit stage's server processes and commands start the build just made rather than import the
// sources through tsx (server/test/server-process.ts).
const withFreshBuild = { TEST_SERVER_PROCESS: 'built' }

/**
 * The typecheck, lint and format check need no build and take about 85 s of a core: at the lowest
 * priority they use what the unit stage leaves of the two cores (its files wait on leases, panels
 * and timeouts) without slowing it (docs/decisions/0067-ci-in-twelve-minutes.md). Their output
 * is printed once the stage is over, in one piece.
 */
const staticChecks = ['nice', ['-n', '19', 'npm', 'run', '--silent', 'check:static']]

const stages = [
  { name: 'build', command: ['npm', ['run', 'build']] },
  {
    name: 'unit and integration, the static checks beside them',
    command: ['npx', ['vitest', 'run']],
    env: withFreshBuild,
    beside: staticChecks,
  },
  {
    name: 'measurements, one file at a time',
    command: ['npx', ['vitest', 'run', '--mode', 'alone']],
  },
  { name: 'end-to-end', command: ['npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']] },
]

/** Runs a command to its end: its exit status, and its output when `quiet` (else shown live). */
function run([command, args], { env = {}, quiet = false } = {}) {
  const child = spawn(command, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })))
}

const started = performance.now()
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0)
for (const { name, command, env, beside } of stages) {
  const stageStarted = performance.now()
  console.log(`\n=== stage: ${name}`)
  const besideRun = beside && run(beside, { quiet: true })
  const { status } = await run(command, { env })
  let failed = status !== 0
  if (besideRun) {
    const { status: besideStatus, output } = await besideRun
    console.log(`\n=== beside it: ${beside[1].at(-1)}\n${output}`)
    failed ||= besideStatus !== 0
  }
  console.log(`=== stage: ${name}: ${failed ? 'FAILED' : 'passed'} in ${seconds(stageStarted)} s`)
  if (failed) process.exit(status || 1)
}
console.log(`=== all stages passed in ${seconds(started)} s`)
