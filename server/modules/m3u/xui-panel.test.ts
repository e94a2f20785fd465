import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeSupplier, type FakeSupplier } from '../../test/fake-supplier'
import { newPanelLine } from '../../test/panel-orders'
import { createXuiPanel } from './xui-panel'

const day = 24 * 60 * 60 * 1000

describe('the XUI.ONE panel adapter speaks the published protocol', () => {
  let fake: FakeSupplier
  let panel: ReturnType<typeof createXuiPanel>
  beforeAll(async () => {
    fake = await startFakeSupplier({ credits: 1000 })
    panel = createXuiPanel({ apiUrl: fake.apiUrl, timeoutMs: 5_000 })
  })
  afterAll(() => fake.close())
  beforeEach(() => fake.setMode('ok'))

  it('creates a line with a POSTed form, the key only in the query', async () => {
    const order = newPanelLine()
    const credits = fake.credits
    const created = await panel.createLine(fake.apiKey, order)
    const call = fake.calls.at(-1)!
    expect(call).toMatchObject({
      method: 'POST',
      action: 'create_line',
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
    })
    expect([...call.form]).toEqual([
      ['username', order.username],
      ['password', order.password],
      ['max_connections', '2'],
      ['exp_date', String(Math.floor(order.expiresAt.getTime() / 1000))],
      ['is_trial', '0'],
      ['bouquets_selected[]', '1'],
      ['bouquets_selected[]', '2'],
      ['notes', order.notes],
      ['contact', 'ada@example.com'],
    ])
    expect(call.query.get('api_key')).toBe(fake.apiKey)
    expect(fake.credits).toBe(credits - 3)

    const onPanel = fake.lines.find((line) => line.username === order.username)!
    expect(onPanel).toMatchObject({ is_trial: '0', enabled: '1', bouquet: '[1,2]' })
    expect(created).toEqual({
      id: onPanel.id,
      username: order.username,
      password: order.password,
      expiresAt: new Date(Number(onPanel.exp_date) * 1000),
      maxConnections: 2,
      isTrial: false,
      isEnabled: true,
      bouquetIds: ['1', '2'],
      notes: order.notes,
    })
    expect(created.recoveredFrom).toBeUndefined()
  })

  it('creates a trial line for free', async () => {
    const credits = fake.credits
    await panel.createLine(fake.apiKey, newPanelLine({ isTrial: true, contact: null }))
    expect(fake.calls.at(-1)!.form.get('is_trial')).toBe('1')
    expect(fake.calls.at(-1)!.form.has('contact')).toBe(false)
    expect(fake.credits).toBe(credits)
  })

  it('reads a line, every page of lines, and a line by username, with GET queries', async () => {
    const orders = [newPanelLine(), newPanelLine(), newPanelLine(), newPanelLine()]
    const created = []
    for (const order of orders) created.push(await panel.createLine(fake.apiKey, order))

    expect(await panel.getLine(fake.apiKey, created[0]!.id)).toEqual(created[0])
    const call = fake.calls.at(-1)!
    expect(call).toMatchObject({ method: 'GET', action: 'get_line' })
    expect(call.query.get('id')).toBe(created[0]!.id)
    expect([...call.form]).toEqual([])

    // Pages of 3: `start` moves on a page at a time until a short page.
    const paged = createXuiPanel({ apiUrl: fake.apiUrl, timeoutMs: 5_000, pageSize: 3 })
    const pagesBefore = fake.calls.length
    const all = await paged.listLines(fake.apiKey)
    expect(all.map((line) => line.id)).toEqual(fake.lines.map((line) => line.id))
    const pages = fake.calls.slice(pagesBefore)
    expect(pages.length).toBe(Math.floor(all.length / 3) + 1)
    expect(pages.map((page) => [page.query.get('start'), page.query.get('limit')])).toEqual(
      pages.map((_, index) => [String(index * 3), '3']),
    )
    expect(pages.every((page) => page.method === 'GET' && page.action === 'get_lines')).toBe(true)
    expect(await paged.findLineByUsername(fake.apiKey, orders[3]!.username)).toEqual(created[3])

    // Unless told otherwise, the adapter asks the most the panel gives: one page here.
    const before = fake.calls.length
    expect(await panel.listLines(fake.apiKey)).toEqual(all)
    expect(fake.calls.slice(before).map((call) => call.query.get('limit'))).toEqual(['1000'])
    expect(await panel.findLineByUsername(fake.apiKey, orders[3]!.username)).toEqual(created[3])
    expect(await panel.findLineByUsername(fake.apiKey, 'slnobody00')).toBeNull()
  })

  it('edits, disables and enables a line with POSTed forms carrying its id', async () => {
    const { id, username } = await panel.createLine(fake.apiKey, newPanelLine({ isTrial: true }))
    const expiresAt = new Date(Date.now() + 200 * day)
    await panel.editLine(fake.apiKey, id, {
      expiresAt,
      isTrial: false,
      maxConnections: 3,
      bouquetIds: ['5'],
      password: 'NewPassw0rdNewPw',
    })
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', action: 'edit_line' })
    expect(fake.calls.at(-1)!.form.get('id')).toBe(id)
    expect(fake.lines.find((line) => line.id === id)).toMatchObject({
      username,
      exp_date: String(Math.floor(expiresAt.getTime() / 1000)),
      is_trial: '0',
      max_connections: '3',
      bouquet: '[5]',
      password: 'NewPassw0rdNewPw',
    })

    await panel.disableLine(fake.apiKey, id)
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', action: 'disable_line' })
    expect(fake.calls.at(-1)!.form.get('id')).toBe(id)
    expect((await panel.getLine(fake.apiKey, id))!.isEnabled).toBe(false)
    await panel.enableLine(fake.apiKey, id)
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', action: 'enable_line' })
    expect((await panel.getLine(fake.apiKey, id))!.isEnabled).toBe(true)
  })

  it("knows a reseller's credits, and that an admin key has none", async () => {
    fake.setCredits(42)
    expect(await panel.credits(fake.apiKey)).toBe(42)
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', action: 'user_info' })
    expect(await panel.credits(fake.adminKey)).toBeNull()
    fake.setCredits(1000)
  })

  it('reads a line an admin changed on the panel as the panel holds it', async () => {
    const order = newPanelLine()
    const { id } = await panel.createLine(fake.apiKey, order)
    fake.editOnPanel(order.username, { enabled: '0', max_connections: '5', bouquet: '[]' })
    expect(await panel.getLine(fake.apiKey, id)).toMatchObject({
      isEnabled: false,
      maxConnections: 5,
      bouquetIds: [],
    })
  })

  it("builds the playlist URL on the panel's origin", () => {
    expect(panel.playlistUrl('sl7k2m9qxa', 'Pw1')).toBe(
      `${fake.origin}/get.php?username=sl7k2m9qxa&password=Pw1&type=m3u_plus&output=ts`,
    )
  })
})
