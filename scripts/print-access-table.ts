// Prints the README's table of who may call each route, from the routes' own declarations:
// `npx tsx scripts/print-access-table.ts`. It builds the app on a throwaway in-memory database.
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { accessTableMarkdown } from '../server/plugins/route-access'

const config = loadConfig({ ...process.env, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' })
const database = await openDatabase(config.database)
const app = await buildApp({ config, database })
await app.ready()
process.stdout.write(`${accessTableMarkdown(app.routeList)}\n`)
await app.close()
await database.close()
