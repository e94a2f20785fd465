import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { seedAdmin } from '../test/seed-admin'
import { postgresOnly, useAdminServer } from '../test/test-server'
import { routeAccess } from './route-access'

type Operation = {
  parameters?: { in: string; name: string }[]
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
  'x-access'?: string
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')
const answerSchema = (operation: Operation | undefined, status: number) =>
  operation?.responses?.[String(status)]?.content?.['application/json']?.schema

describe.each(postgresOnly)('the OpenAPI document (%s)', (kind) => {
  const context = useAdminServer(kind)
  const read = async () => (await context.admin.get('/api/openapi.json')).body as Document

  it('is a valid OpenAPI 3.1 document, for staff only', async () => {
    const { baseUrl, app } = context.server
    expect((await createClient(baseUrl).get('/api/openapi.json')).status).toBe(401)
    await seedAdmin(app.db, {
      username: 'doc.support',
      password: 'doc-support-pass-1',
      role: 'support',
    })
    const agent = createClient(baseUrl)
    await agent.login('doc.support', 'doc-support-pass-1')
    expect((await agent.get('/api/openapi.json')).status).toBe(403)

    const document = await read()
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists every route with its parameters and who may call it', async () => {
    const document = await read()
    const problems: string[] = []
    // Every route declares what it answers when it succeeds (`schema.response`), as the reference
    // shows it; a route that does not fails here.
    const withoutAnswers: string[] = []
    for (const { method, route } of context.server.app.routeList) {
      // Files of the build (hidden by @fastify/static) and the socket are not API operations.
      if (method === 'HEAD' || route.schema?.hide || route.url === '/ws') continue
      const name = `${method} ${route.url}`
      const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()]
      if (!operation) {
        problems.push(`${name}: not in the document`)
        continue
      }
      if (operation['x-access'] !== routeAccess(route.config)) problems.push(`${name}: x-access`)
      for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
        const isDeclared = operation.parameters?.some((p) => p.in === 'path' && p.name === param)
        if (!isDeclared) problems.push(`${name}: path parameter ${param} has no schema`)
      }
      // A declared 204 has no body to describe, and counts as declared.
      const hasSuccessAnswer = Object.entries(operation.responses ?? {}).some(
        ([status, answer]) => /^[23]/.test(status) && (answer.content || status === '204'),
      )
      if (!hasSuccessAnswer) withoutAnswers.push(name)
    }
    expect(problems).toEqual([])
    expect(withoutAnswers).toEqual([])
  })

  it('answers as the document declares, on a sample of routes', async () => {
    const document = await read()
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    const sample = [
      '/api/admin/session',
      '/api/admin/users',
      '/api/support/agent-profile',
      '/api/support/saved-replies',
      '/api/payments/providers',
      '/api/ready',
      '/api/openapi.json',
      '/api/health',
      '/api/audit-log',
      '/api/blog-posts',
      '/api/blog-posts/stats',
      '/api/discounts',
      '/api/messages/status',
      '/api/messages/templates',
      '/api/supplier/config',
      '/api/supplier/status',
      '/api/m3u-lines',
    ]
    for (const path of sample) {
      const answer = await context.admin.get(path)
      const schema = answerSchema(document.paths[path]?.get, answer.status)
      expect({ path, declared: Boolean(schema) }).toEqual({ path, declared: true })
      const validate = ajv.compile(schema!)
      expect({ path, errors: validate(answer.body) ? null : validate.errors }).toEqual({
        path,
        errors: null,
      })
    }
  })
})
