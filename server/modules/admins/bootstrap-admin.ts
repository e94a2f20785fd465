import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { newUsername } from '../../../common/admin-users'
import { ConfigError, type Config } from '../../config'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import { hashPassword } from '../../lib/passwords'
import { rekeyUsernames, usernameKey } from './username-key'

/**
 * On a database with no admin, creates the first super_admin from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or `admin` with a random password that is printed once. On one that has
 * admins, brings their username keys in line with today's fold.
 */
export async function bootstrapAdmin(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
  if (count > 0) return rekeyUsernames(db, log)
  // Checked here, not in the config: a name that existed before the rule still starts the server.
  const parsed = newUsername.safeParse(config.bootstrapAdmin?.username ?? 'admin')
  if (!parsed.success) throw new ConfigError(`ADMIN_USERNAME: ${parsed.error.issues[0]!.message}`)
  const username = parsed.data
  const password = config.bootstrapAdmin?.password ?? randomBytes(12).toString('base64url')
  const inserted = await db
    .insert(users)
    .values({
      username,
      usernameKey: usernameKey(username),
      password: await hashPassword(password),
      role: 'super_admin',
    })
    // Another process starting at the same moment may have won the race: then it reports.
    .onConflictDoNothing()
    .returning({ id: users.id })
  if (!inserted.length) return
  if (config.bootstrapAdmin) {
    log.info({ username }, 'Created the first super_admin from ADMIN_USERNAME')
  } else {
    // Deliberately printed once, outside the structured log, so it is not shipped to log stores.
    process.stdout.write(
      `\n  First super_admin created. Username: ${username}  Password: ${password}\n` +
        '  Sign in at /admin, add your own super_admin under Business Settings, then delete this one.\n\n',
    )
  }
}
