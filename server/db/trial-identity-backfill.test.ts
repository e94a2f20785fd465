import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { personKeys, trialIdentityRulesVersion } from '../modules/trial-requests/trial-identity'
import { refreshTrialIdentityKeys } from '../modules/trial-requests/trial-identity-refresh'
import { migrationsDir } from '../lib/app-root'
import { openDatabase } from './client'
import { databaseKinds, startTestServer, type TestServer } from '../test/test-server'
import { settings } from './schema/settings'
import { trialRequests } from './schema/trial-requests'

// Migration 0005 filled the keys of requests stored before them in SQL, under the first rules;
// a job at start-up derives them again whenever the rules changed since (libphonenumber-js and the
// confusables list have no SQL). Together they must give the keys the app derives for new ones,
// or old requests would not be recognised.
const backfill = readFileSync(join(migrationsDir, '0005_trial-dedup.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('SET "email_key" = k.email_key'))!

const contacts: [string, string | null, string | null][] = [
  ['John.Smith+tv@GoogleMail.com', '@John_Smith', '+44 (0)7700 900123'],
  ['j.o.h.n+x@gmail.com.', 'https://t.me/john_smith/', '0044 7700-900-123'],
  ['+promo@gmail.com', 't.me/@ada_l?start=1', 'https://wa.me/447700900123'],
  ['Ada+trial@Hotmail.co.uk', 'ada', '+1 (555) 010-0123'],
  ['ada+tv@proton.me', '+44 7700 900123', '07700 900123'],
  ['ada-streaming@yahoo.com', '@1ada', 'call me'],
  ['Ada.Lovelace+x@Example.com', null, '+0 7700 900123'],
  ['ada+x@live.example', null, null],
  // What the first rules left without a key: other scripts' digits and look-alike letters.
  ['fullwidth@example.com', '＠ｊｏｈｎ＿ｓｍｉｔｈ', '＋４４ ７７００ ９００１２３'],
  ['arabic@example.com', '@jоhn_smith', '+٤٤ ٧٧٠٠ ٩٠٠١٢٣'],
]

describe.each(databaseKinds)('the comparison keys of requests stored earlier, on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it('equal the keys the app derives once derived again under the current rules', async () => {
    const db = server.app.db
    await db.insert(trialRequests).values(
      contacts.map(([email, telegram, whatsapp], i) => ({
        firstName: 'Old',
        lastName: 'Request',
        name: 'Old Request',
        email,
        telegram,
        whatsapp,
        plan: 'Starter',
        subscriptionId: `SUB-OLD0000${i}`,
      })),
    )
    expect(await db.$count(trialRequests, isNull(trialRequests.emailKey))).toBe(contacts.length)
    await db.execute(sql.raw(backfill))
    const [fullWidth] = await db
      .select()
      .from(trialRequests)
      .where(eq(trialRequests.email, 'fullwidth@example.com'))
    expect(fullWidth).toMatchObject({ telegramKey: null, whatsappKey: null })

    expect(await refreshTrialIdentityKeys(db)).toBe(2)
    const rows = await db.select().from(trialRequests)
    const byEmail = new Map(rows.map((row) => [row.email, row]))
    for (const [email, telegram, whatsapp] of contacts) {
      const row = byEmail.get(email)!
      expect({ email: row.emailKey, telegram: row.telegramKey, whatsapp: row.whatsappKey }).toEqual(
        personKeys({ email, telegram, whatsapp }),
      )
    }
    expect(byEmail.get('arabic@example.com')).toMatchObject({
      telegramKey: 'john_smith',
      whatsappKey: '+447700900123',
    })
  })

  it('derives nothing again under the same rules', async () => {
    const db = server.app.db
    await db
      .update(trialRequests)
      .set({ whatsappKey: null })
      .where(eq(trialRequests.email, 'arabic@example.com'))
    expect(await refreshTrialIdentityKeys(db)).toBe(0)
  })

  it('derives each key once when two processes start under new rules together', async () => {
    const db = server.app.db
    // Enough requests for several pages, their keys as the rules before the last change left them.
    await db.execute(sql`
      insert into trial_requests (first_name, last_name, name, email, telegram, plan, subscription_id)
      select 'Many', 'Requests', 'Many Requests', 'Many' || n || '@Example.com', '@Іvan_' || n,
        'Starter', 'SUB-' || lpad(n::text, 8, '0')
      from generate_series(1, 2500) as n`)
    await db.update(trialRequests).set({ emailKey: null, telegramKey: null })
    await db.delete(settings).where(eq(settings.key, 'trial_identity_rules_version'))
    const all = await db.$count(trialRequests)

    // A second process on PostgreSQL; PGlite has one process per database, so a second caller.
    const other =
      server.database.kind === 'postgres' ? await openDatabase(server.app.config.database) : null
    try {
      const changed = await Promise.all([
        refreshTrialIdentityKeys(db),
        refreshTrialIdentityKeys(other?.db ?? db),
      ])
      expect(changed[0] + changed[1]).toBe(all)
    } finally {
      await other?.close()
    }
    const rows = await db.select().from(trialRequests)
    for (const row of rows) {
      expect({ email: row.emailKey, telegram: row.telegramKey, whatsapp: row.whatsappKey }).toEqual(
        personKeys(row),
      )
    }
    expect(rows.find((row) => row.email === 'Many7@Example.com')?.telegramKey).toBe('ivan_7')
    expect(await refreshTrialIdentityKeys(db)).toBe(0)
  })

  it('resumes a refresh cut short after the last page it finished', async () => {
    const db = server.app.db
    await db.update(trialRequests).set({ telegramKey: null })
    const rows = (await db.select().from(trialRequests)).sort((a, b) => (a.id < b.id ? -1 : 1))
    const after = rows.at(-10)!.id
    await db
      .update(settings)
      .set({ value: { version: trialIdentityRulesVersion, after } })
      .where(eq(settings.key, 'trial_identity_rules_version'))
    const rest = rows.slice(-9).filter((row) => personKeys(row).telegram !== null)
    expect(await refreshTrialIdentityKeys(db)).toBe(rest.length)
    expect(await db.$count(trialRequests, isNotNull(trialRequests.telegramKey))).toBe(rest.length)
    expect(await refreshTrialIdentityKeys(db)).toBe(0)
  })
})
