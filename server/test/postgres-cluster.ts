import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './free-port'

export type PostgresCluster = {
  adminUrl: string
  /** Fast shutdown (what `pg_ctl stop -m fast` does): clients are cut off, the data is kept. */
  down(): Promise<void>
  /** Starts PostgreSQL again on the same data directory and port, once it accepts connections. */
  up(): Promise<void>
  /** Shuts down and removes the cluster. */
  stop(): Promise<void>
}

function findBinDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL is required for the integration tests: install it (apt-get install postgresql) ' +
        'or set TEST_DATABASE_URL to a server where the user may create databases.',
    )
  }
  return join(root, versions[0], 'bin')
}

async function waitUntilReady(url: string, child: ChildProcess, deadline: number) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}`)
    const client = new pg.Client(url)
    try {
      await client.connect()
      await client.end()
      return
    } catch (error) {
      await client.end().catch(() => {})
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/**
 * Starts a throwaway PostgreSQL cluster from the installed binaries, tuned for tests
 * (no fsync). PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir()
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'))
  const asPostgres = process.getuid?.() === 0
  const run = (command: string, args: string[]) =>
    asPostgres
      ? ([
          'setpriv',
          ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args],
        ] as const)
      : ([command, args] as const)
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    chownSync(dir, uid, gid)
  }
  const dataDir = join(dir, 'data')
  const [initdb, initdbArgs] = run(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ])
  execFileSync(initdb, initdbArgs, { stdio: 'ignore' })

  const port = await freePort()
  const [postgres, postgresArgs] = run(join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ])
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
  let child: ChildProcess | null = null

  async function up() {
    if (child) return
    const started = spawn(postgres, postgresArgs, { stdio: 'ignore' })
    child = started
    await waitUntilReady(adminUrl, started, Date.now() + 30_000)
  }
  async function down() {
    const running = child
    if (!running) return
    child = null
    if (running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    // SIGINT is PostgreSQL's "fast shutdown" (setpriv execs, so the child is postgres itself).
    running.kill('SIGINT')
    await exited
  }

  await up()
  return {
    adminUrl,
    down,
    up,
    async stop() {
      await down()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type ThrowawayDatabase = { name: string; url: string; drop(): Promise<void> }

async function runAsAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client(adminUrl)
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new database on the server `adminUrl` reaches, empty or a copy of `template`; and its drop. */
export async function createThrowawayDatabase(
  adminUrl: string,
  { prefix = 'test', template }: { prefix?: string; template?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await runAsAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  }
}
