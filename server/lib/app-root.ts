import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder holding package.json, whether running from sources (tsx) or from dist/. */
function findAppRoot(start: string): string {
  let dir = start
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${start}`)
    dir = parent
  }
  return dir
}

export const appRoot = findAppRoot(dirname(fileURLToPath(import.meta.url)))
export const migrationsDir = join(appRoot, 'server/db/migrations')
export const webDistDir = join(appRoot, 'dist/web')
