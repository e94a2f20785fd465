import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../common/audit'
import { auditSentenceText, describeAuditEntry } from '../../../common/audit-sentences'
import { postgresOnly, useAdminServer } from '../../test/test-server'

type Template = { kind: string; subject: string; body: string }

describe.each(postgresOnly)('Activity entries name what they changed on %s', (kind) => {
  const context = useAdminServer(kind)

  const sentencesFor = async (entityType: string) => {
    const { status, body } = await context.admin.get(
      `/api/audit-log?limit=50&entityType=${entityType}`,
    )
    expect(status).toBe(200)
    return (body as AuditEntry[]).map((entry) => auditSentenceText(describeAuditEntry(entry)))
  }

  it('names the saved reply saved, edited and deleted', async () => {
    const created = await context.admin.post('/api/support/saved-replies', {
      title: 'Greeting',
      body: 'Hello {firstName}',
    })
    expect(created.status).toBe(201)
    const id = (created.body as { id: string }).id
    const path = `/api/support/saved-replies/${id}`
    expect((await context.admin.put(path, { title: 'Warm greeting', body: 'Hi' })).status).toBe(200)
    expect((await context.admin.delete(path)).status).toBe(204)

    // Newest first; a deleted reply keeps the name it had when it changed.
    expect(await sentencesFor('saved_reply')).toEqual([
      'owner deleted the saved reply “Warm greeting”',
      'owner edited the saved reply “Warm greeting”',
      'owner saved the saved reply “Greeting”',
    ])
  })

  it('names the e-mail template edited and reset', async () => {
    const templates = (await context.admin.get('/api/messages/templates')).body as Template[]
    const login = templates.find((template) => template.kind === 'line_login')!
    const path = '/api/messages/templates/line_login'
    const saved = await context.admin.put(path, {
      subject: `${login.subject} (new)`,
      body: login.body,
    })
    expect(saved.status).toBe(200)
    expect((await context.admin.delete(path)).status).toBeLessThan(300)

    expect(await sentencesFor('message_template')).toEqual([
      'owner reset the e-mail template “Line login” to its default words',
      'owner edited the e-mail template “Line login”',
    ])
  })
})
