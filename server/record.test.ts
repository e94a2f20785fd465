import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The written record (README, docs/, decisions) read as a newcomer would: every decision dated and
// its standing stated both ways, every module and job in the architecture, every cited path real.

const root = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const decisionsDir = 'docs/decisions'
const decisionFiles = readdirSync(join(root, decisionsDir)).filter((name) => name.endsWith('.md'))
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...decisionFiles.map((name) => `${decisionsDir}/${name}`),
]

/** The status line's parts: `Status: accepted · Date: 2026-11-29 · Issue 41 · Supersedes in part: 0028 (…)`. */
function statusOf(name: string) {
  const lines = read(`${decisionsDir}/${name}`).split('\n')
  const parts = (lines[2] ?? '').split(' · ')
  const status = parts[0] ?? ''
  return {
    heading: lines[0] ?? '',
    status,
    date: parts.find((part) => part.startsWith('Date: '))?.slice('Date: '.length),
    supersedes: parts
      .filter((part) => /^Supersedes( in part)?: /.test(part))
      .flatMap((part) => part.match(/\d{4}/g) ?? []),
    supersededBy: status.match(/superseded (?:in part )?by (.+)$/)?.[1]?.match(/\d{4}/g) ?? [],
  }
}

/** Paths named in backticks that point into the repository (placeholders and URLs left out). */
function citedPaths(text: string): string[] {
  const tokens = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!)
  return tokens
    .filter(
      (token) =>
        /^(server|web|common|scripts|e2e|bench|docs|deploy|\.ci)\//.test(token) ||
        /^[\w@][\w./@-]*\.(ts|tsx|mjs|sql|md)$/.test(token),
    )
    .filter((token) => !/[<*{…]/.test(token))
    .map((token) => token.replace(/[:#].*$/, '').replace(/\/$/, ''))
}

describe('the decisions', () => {
  it('are numbered from 1 without a gap, each headed by its number', () => {
    const numbers = decisionFiles.map((name) => Number(name.slice(0, 4)))
    expect(numbers).toEqual(numbers.map((_, index) => index + 1))
    for (const name of decisionFiles)
      expect(statusOf(name).heading, name).toMatch(
        new RegExp(`^# ${Number(name.slice(0, 4))}\\. \\S`),
      )
  })

  it('each say their status and date on their third line', () => {
    const today = new Date().toISOString().slice(0, 10)
    for (const name of decisionFiles) {
      const { status, date } = statusOf(name)
      expect(status, name).toMatch(/^Status: (accepted|superseded|rejected)\b/)
      expect(date, name).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(date! <= today, `${name} is dated ${date}, after today`).toBe(true)
    }
  })

  it('that supersede another are named by it, and the other way round', () => {
    const statuses = new Map(decisionFiles.map((name) => [name.slice(0, 4), statusOf(name)]))
    for (const [number, { supersedes, supersededBy }] of statuses) {
      for (const older of supersedes)
        expect(
          statuses.get(older)?.supersededBy,
          `${older} should say it is superseded by ${number}`,
        ).toContain(number)
      for (const newer of supersededBy)
        expect(
          statuses.get(newer)?.supersedes,
          `${newer} should say it supersedes ${number}`,
        ).toContain(number)
    }
  })
})

describe('docs/architecture.md', () => {
  const architecture = read('docs/architecture.md')

  it('names every server module', () => {
    const areas = architecture.slice(
      architecture.indexOf('Server areas'),
      architecture.indexOf('### Data flows'),
    )
    const missing = readdirSync(join(root, 'server/modules')).filter(
      (module) => !new RegExp(`(^|[\\s,(])${module}\\b`).test(areas),
    )
    expect(missing).toEqual([])
  })

  it('lists every scheduled job', () => {
    const jobs = [
      ...read('server/jobs/schedule.ts').matchAll(/\[\s*'([a-z-]+)',\s*(?:pollMs|[\d\s*]*minute)/g),
    ]
    expect(jobs.length).toBeGreaterThan(5)
    const missing = jobs
      .map(([, job]) => job)
      .filter((job) => !architecture.includes(`| \`${job}\``))
    expect(missing).toEqual([])
  })
})

describe('web features', () => {
  it('are named after the server module they talk to, or say in a README why not', () => {
    const modules = new Set(readdirSync(join(root, 'server/modules')))
    const unexplained = readdirSync(join(root, 'web/features')).filter(
      (feature) =>
        !modules.has(feature) && !existsSync(join(root, 'web/features', feature, 'README.md')),
    )
    expect(unexplained).toEqual([])
  })
})

describe('README.md and docs/', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  const folders = new Set(
    tracked.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  )
  const exists = (path: string) =>
    existsSync(join(root, path)) ||
    [...tracked, ...folders].some((known) => known === path || known.endsWith(`/${path}`))

  it('cite only paths that exist', () => {
    const missing = docs.flatMap((doc) =>
      citedPaths(read(doc))
        .filter((path) => !exists(path))
        .map((path) => `${doc}: ${path}`),
    )
    expect(missing).toEqual([])
  })

  it('link only to files that exist', () => {
    const missing = docs.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^(https?:|mailto:|#)/.test(target))
        .filter((target) => !existsSync(join(root, dirname(doc), target.replace(/#.*$/, ''))))
        .map((target) => `${doc}: ${target}`),
    )
    expect(missing).toEqual([])
  })

  it('would name a path that does not exist', () => {
    expect(citedPaths('see `server/modules/nowhere/gone.ts` and `web/lib/<area>.ts`')).toEqual([
      'server/modules/nowhere/gone.ts',
    ])
    expect(exists('server/modules/nowhere/gone.ts')).toBe(false)
  })
})
