/**
 * What the landing page downloads before it can render: the scripts, module preloads and
 * stylesheets that dist/web/index.html references, plus every module those scripts import
 * statically, each with its raw and gzip size. Fails when the JavaScript exceeds the budget.
 *
 *   npx tsx bench/bundle/run.ts             builds the web app first (vite build)
 *   npx tsx bench/bundle/run.ts --no-build  measures the existing dist/web
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { htmlReferences, landingDownloads } from '../lib/landing-assets'

const distDir = 'dist/web'
// Issue 3: the landing route loads at most 120 kB of gzipped JavaScript.
const jsBudgetBytes = 120_000

type Asset = { path: string; kind: 'js' | 'css'; raw: number; gzip: number }

function build() {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

async function collect(entries: string[]): Promise<Asset[]> {
  const files = await landingDownloads(entries, async (path) => ({
    content: readFileSync(join(distDir, path)),
  }))
  return files.map(({ path, kind, content }) => ({
    path,
    kind,
    raw: content.length,
    gzip: gzipSync(content).length,
  }))
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(9)
const total = (assets: Asset[], key: 'raw' | 'gzip') => assets.reduce((sum, a) => sum + a[key], 0)

function report(assets: Asset[]): boolean {
  const width = Math.max(28, ...assets.map((asset) => asset.path.length)) + 2
  const row = (name: string, raw: string, gzip: string) =>
    console.log(`${name.padEnd(width)}${raw.padStart(10)}${gzip.padStart(11)}`)
  console.log('\nLanding route (/): initial downloads\n')
  row('File', 'raw kB', 'gzip kB')
  for (const asset of assets) row(asset.path, kb(asset.raw), kb(asset.gzip))
  const js = assets.filter((asset) => asset.kind === 'js')
  const css = assets.filter((asset) => asset.kind === 'css')
  console.log('-'.repeat(width + 21))
  row(`JavaScript (${js.length} files)`, kb(total(js, 'raw')), kb(total(js, 'gzip')))
  row(`CSS (${css.length} files)`, kb(total(css, 'raw')), kb(total(css, 'gzip')))
  const jsGzip = total(js, 'gzip')
  const isWithin = jsGzip <= jsBudgetBytes
  const percent = ((jsGzip / jsBudgetBytes) * 100).toFixed(1)
  console.log(
    `\nJavaScript gzip ${kb(jsGzip).trim()} kB of the ${jsBudgetBytes / 1000} kB budget: ${percent}% ${isWithin ? 'OK' : 'OVER BUDGET'}\n`,
  )
  return isWithin
}

if (!process.argv.includes('--no-build')) build()
const indexPath = join(distDir, 'index.html')
if (!existsSync(indexPath)) {
  console.error(`${indexPath} not found: run without --no-build, or npm run build`)
  process.exit(1)
}
const isWithinBudget = report(await collect(htmlReferences(readFileSync(indexPath, 'utf8'))))
process.exit(isWithinBudget ? 0 : 1)
