import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { bootstrapAdmin } from '../../server/modules/admins/bootstrap-admin'
import { createClient } from '../../server/test/http-client'

type Client = ReturnType<typeof createClient>
import { startPostgresCluster } from '../../server/test/postgres-cluster'
import { benchOwner } from './bench-server'

export type PostgresBench = {
  app: FastifyInstance
  /** Listens (after seeding) with the owner signed in; `get(path)` is a request answering 200. */
  listen: () => Promise<{ client: Client; get: (path: string) => () => Promise<void> }>
}

/**
 * Runs `work` against the real app on a throwaway database of a throwaway PostgreSQL (or of
 * BENCH_DATABASE_URL's server), with the bench owner, and drops it all afterwards.
 */
export async function withPostgresBench(work: (bench: PostgresBench) => Promise<void>) {
  const cluster = process.env.BENCH_DATABASE_URL ? null : await startPostgresCluster()
  const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.adminUrl
  const name = `bench_${Date.now()}`
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.toString(),
      ADMIN_USERNAME: benchOwner.username,
      ADMIN_PASSWORD: benchOwner.password,
    })
    const database = await openDatabase(config.database)
    const app = await buildApp({ config, database })
    await bootstrapAdmin(app.db, config, app.log)
    const listen = async () => {
      const client = createClient(await app.listen({ port: 0, host: '127.0.0.1' }))
      await client.login(benchOwner.username, benchOwner.password)
      const get = (path: string) => async () => {
        const response = await client.get(path)
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
      }
      return { client, get }
    }
    try {
      await work({ app, listen })
    } finally {
      await app.close()
      await database.close()
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    await cluster?.stop()
  }
}
