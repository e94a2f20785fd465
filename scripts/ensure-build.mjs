// `npm start` on a fresh clone (or after a pull) builds first; an up-to-date build is reused.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const outputs = [
  'dist/web/index.html',
  'dist/ssr/entry-server.js',
  'dist/server/main.js',
  'dist/server/payment-history-worker.js',
  'dist/server/restore.js',
  'dist/server/move-to-postgres.js',
]
const sources = ['common', 'server', 'web', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0)
}

const builtAt = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)))
if (builtAt === 0 || sources.some((path) => newestMtime(path) > builtAt)) {
  console.log('Building the app…')
  execSync('npm run build', { stdio: 'inherit' })
}
