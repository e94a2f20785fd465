import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trialRequests } from '../../db/schema/trial-requests'
import { createClient } from '../../test/http-client'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'

const person = (email: string, contacts: { telegram?: string; whatsapp?: string } = {}) => ({
  firstName: 'John',
  lastName: 'Smith',
  email,
  plan: 'Starter',
  ...contacts,
})

describe.each(databaseKinds)('one free trial per person on %s', (kind) => {
  let server: TestServer
  // Each visitor comes from its own network, so that only the rules a test means apply.
  let visitor = 0
  const client = () => createClient(server.baseUrl, { 'x-forwarded-for': `198.18.${++visitor}.1` })
  const post = (body: object) => client().post('/api/trial-requests', body)
  const rowsOf = (emailKey: string) =>
    server.app.db.select().from(trialRequests).where(eq(trialRequests.emailKey, emailKey))

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } })
  })
  afterAll(() => server.close())

  it('takes other spellings of one Gmail address as the same person: one row, no ids', async () => {
    const first = await post(person('John.Smith+tv@gmail.com'))
    expect(first.status).toBe(201)
    const again = await post(person('johnsmith@googlemail.com'))
    const andAgain = await post(person('J.O.H.N.SMITH+x@GMAIL.com'))
    for (const repeat of [again, andAgain]) {
      expect(repeat.status).toBe(200)
      expect(repeat.body).toEqual({ outcome: 'already_requested' })
      expect(JSON.stringify(repeat.body)).not.toContain(first.body.subscriptionId)
    }
    const [row, ...others] = await rowsOf('johnsmith@gmail.com')
    expect(others).toEqual([])
    expect(row).toMatchObject({
      id: first.body.id,
      email: 'John.Smith+tv@gmail.com',
      askedAgainCount: 2,
      lastAskedAt: expect.any(Date),
    })
  })

  it('knows a person by a WhatsApp number or Telegram handle in another format', async () => {
    expect((await post(person('wa1@example.com', { whatsapp: '+44 7700 900123' }))).status).toBe(
      201,
    )
    const byPhone = await post(person('wa2@example.com', { whatsapp: '0044 (0)7700-900-123' }))
    expect(byPhone.body).toEqual({ outcome: 'already_requested' })

    expect((await post(person('tg1@example.com', { telegram: '@John_Smith' }))).status).toBe(201)
    const byHandle = await post(person('tg2@example.com', { telegram: 't.me/john_smith' }))
    expect(byHandle.body).toEqual({ outcome: 'already_requested' })

    expect(await rowsOf('wa2@example.com')).toEqual([])
    expect((await rowsOf('wa1@example.com'))[0]!.askedAgainCount).toBe(1)
    expect((await rowsOf('tg1@example.com'))[0]!.askedAgainCount).toBe(1)
  })

  it.each([
    [
      'full-width digits',
      { whatsapp: '+447700900456' },
      { whatsapp: '＋４４ ７７００ ９００４５６' },
    ],
    ['Arabic-Indic digits', { whatsapp: '+44 7700 900457' }, { whatsapp: '+٤٤ ٧٧٠٠ ٩٠٠٤٥٧' }],
    ['Devanagari digits after 00', { whatsapp: '+44 7700 900458' }, { whatsapp: '००४४७७००९००४५८' }],
    ['a Cyrillic а in a handle', { telegram: '@maria_santos' }, { telegram: '@mаria_santos' }],
    [
      'full-width letters in a handle',
      { telegram: '@lena_berg' },
      { telegram: '＠ｌｅｎａ＿ｂｅｒｇ' },
    ],
    [
      'a Cyrillic capital І in a handle',
      { telegram: '@ivan_petrov' },
      { telegram: '@Іvan_petrov' },
    ],
    [
      'Greek and Cyrillic capitals in a handle',
      { telegram: '@nikos_ameh' },
      { telegram: '@ΝΙΚΟS_АМЕН' },
    ],
    [
      'an invisible character in a handle',
      { telegram: '@omar_haddad' },
      { telegram: '@omar\u200b_haddad' },
    ],
  ])('knows a person again by %s', async (_, first, again) => {
    const id = randomUUID()
    expect((await post(person(`first-${id}@example.com`, first))).status).toBe(201)
    const repeat = await post(person(`again-${id}@example.com`, again))
    expect(repeat.body).toEqual({ outcome: 'already_requested' })
    expect(await rowsOf(`again-${id}@example.com`)).toEqual([])
  })

  it('keeps telling apart handles that differ in ASCII look-alikes, as Telegram does', async () => {
    expect((await post(person('l1@example.com', { telegram: '@paul_1990' }))).status).toBe(201)
    expect((await post(person('l2@example.com', { telegram: '@paul_l990' }))).status).toBe(201)
    // A capital shaped like `I` is an `i` to Telegram, so not the `l` the confusables list says.
    expect((await post(person('l3@example.com', { telegram: '@lvan_orlov' }))).status).toBe(201)
    expect((await post(person('l4@example.com', { telegram: '@Іvan_orlov' }))).status).toBe(201)
  })

  it('lets a person whose request was rejected, or whose trial expired, ask again', async () => {
    const first = await post(person('again@example.com'))
    await server.app.db
      .update(trialRequests)
      .set({ status: 'Rejected' })
      .where(eq(trialRequests.id, first.body.id))
    const afterRejection = await post(person('Again@Example.com'))
    expect(afterRejection.status).toBe(201)

    await server.app.db
      .update(trialRequests)
      .set({ subscriptionStatus: 'expired' })
      .where(eq(trialRequests.id, afterRejection.body.id))
    const afterExpiry = await post(person('again@example.com'))
    expect(afterExpiry.status).toBe(201)

    const rows = await rowsOf('again@example.com')
    expect(rows).toHaveLength(3)
    const newest = rows.find((row) => row.id === afterExpiry.body.id)!
    expect(newest.trustReasons).toContain('Had a free trial before')
    // A rejection is not a trial: the request after it was not marked down.
    expect(rows.find((row) => row.id === afterRejection.body.id)!.trustScore).toBe(100)
  })

  it('stores one row for 8 concurrent requests of one person', async () => {
    const spellings = [
      'race@gmail.com',
      'r.a.c.e@gmail.com',
      'race+1@googlemail.com',
      'RACE@gmail.com',
    ]
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(person(spellings[i % spellings.length]!))),
    )
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ])
    const rows = await rowsOf('race@gmail.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.askedAgainCount).toBe(7)
  })

  it('links people who share one contact, even when they race', async () => {
    const [byEmail, byPhone] = await Promise.all([
      post(person('link1@example.com', { whatsapp: '+1 555 010 0199' })),
      post(person('link2@example.com', { whatsapp: '+15550100199' })),
    ])
    expect([byEmail.status, byPhone.status].sort()).toEqual([200, 201])
  })

  it('answers a retried submission as the first time, and counts a retried repeat once', async () => {
    const clientRequestId = randomUUID()
    const first = await post({ ...person('retry@example.com'), clientRequestId })
    const retry = await post({ ...person('retry@example.com'), clientRequestId })
    expect([first.status, retry.status]).toEqual([201, 200])
    expect(retry.body).toEqual(first.body)

    const repeat = { ...person('Retry@example.com'), clientRequestId: randomUUID() }
    for (let i = 0; i < 3; i++) {
      expect((await post(repeat)).body).toEqual({ outcome: 'already_requested' })
    }
    expect((await rowsOf('retry@example.com'))[0]!.askedAgainCount).toBe(1)
  })

  it('shows admins how often a person asked again, and none of the comparison keys', async () => {
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const found = await admin.get('/api/trial-requests/search?q=John.Smith%2Btv%40gmail.com')
    expect(found.body).toHaveLength(1)
    expect(found.body[0]).toMatchObject({
      askedAgainCount: 2,
      lastAskedAt: expect.stringMatching(/Z$/),
      trust: { score: expect.any(Number), reasons: expect.any(Array), isFlagged: false },
    })
    for (const hidden of ['emailKey', 'network', 'clientRequestId', 'lastAskedClientRequestId']) {
      expect(found.body[0]).not.toHaveProperty(hidden)
    }
  })
})
