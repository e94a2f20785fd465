import { beforeAll, describe, expect, it } from 'vitest'
import { signedInCustomer } from '../test/customer-fixtures'
import { createClient } from '../test/http-client'
import { insertPayment, insertPlan } from '../test/payment-fixtures'
import { rawRequest } from '../test/raw-request'
import { walkRoutes } from '../test/route-walk'
import { postgresOnly, useAdminServer } from '../test/test-server'
import { insertTrialRequest } from '../test/trial-fixtures'
import { routeAccess } from './route-access'

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

describe.each(postgresOnly)('answers holding a person’s data are not stored (%s)', (kind) => {
  const context = useAdminServer(kind, { env: { SPORTS_API_BASE: 'http://127.0.0.1:9' } })
  let customer: ReturnType<typeof createClient>
  let personId: string
  let paymentId: string

  beforeAll(async () => {
    const { app } = context.server
    const person = await insertTrialRequest(app.db, { firstName: 'Nora', lastName: 'Store' })
    personId = person.id
    const plan = await insertPlan(app.db)
    const paid = await insertPayment(app.db, {
      trialRequestId: personId,
      planId: plan.id,
      receiptNumber: 7,
      paidAt: new Date(),
    })
    paymentId = paid.id
    customer = await signedInCustomer(context.server, person)
  })

  it('says no-store on every answer of every staff and customer route, whatever its status', async () => {
    const { app, baseUrl } = context.server
    const problems: string[] = []
    for (const [index, route] of walkRoutes(app).entries()) {
      const access = routeAccess(app.routeList[index]!.route.config)
      if (access === 'public') continue
      const answer = await rawRequest(baseUrl, route.method, route.path, {
        headers: {
          origin: baseUrl,
          cookie: (access === 'customer' ? customer : context.admin).cookie!,
          // A body no route parses: a change stops at 415, before its handler.
          ...(isRead(route.method) ? {} : { 'content-type': 'application/x-route-walk' }),
        },
        body: isRead(route.method) ? undefined : 'walk',
      })
      const cacheControl = answer.headers['cache-control']
      if (cacheControl !== 'no-store') {
        problems.push(
          `${route.method} ${route.url} → ${answer.status}, cache-control ${cacheControl}`,
        )
      }
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('says no-store on the answers that hold the person: staff’s, the customer’s and their own ticket’s', async () => {
    const { baseUrl } = context.server
    const ticket = await createClient(baseUrl).post('/api/support-tickets', {
      customerName: 'Nora Store',
      customerEmail: 'nora.store@example.com',
      subject: 'Sound',
      description: 'No sound on channel 4',
    })
    const trial = await createClient(baseUrl).post('/api/trial-requests', {
      firstName: 'Nils',
      lastName: 'Store',
      email: 'nils.store@example.com',
      plan: 'Starter',
    })
    const answers = {
      person: await context.admin.get(`/api/people/${personId}`),
      contacts: await context.admin.get('/api/trial-requests'),
      contactsCsv: await context.admin.get('/api/trial-requests/export.csv'),
      payments: await context.admin.get('/api/payments'),
      payment: await context.admin.get(`/api/payments/${paymentId}`),
      paymentsCsv: await context.admin.get('/api/payments/export.csv'),
      personExport: await context.admin.get(`/api/people/${personId}/export`),
      account: await customer.get('/api/account'),
      receipt: await customer.get(`/api/account/payments/${paymentId}/receipt`),
      ticket,
      ticketRead: await createClient(baseUrl).get(`/api/support-tickets/${ticket.body.id}`),
      trial,
    }
    const stored = Object.entries(answers).flatMap(([name, answer]) =>
      answer.status < 300 && answer.headers.get('cache-control') === 'no-store'
        ? []
        : [`${name}: ${answer.status} ${answer.headers.get('cache-control')}`],
    )
    expect(stored).toEqual([])
  })

  it('leaves the public plans cacheable by their ETag', async () => {
    const answer = await rawRequest(context.server.baseUrl, 'GET', '/api/plans')
    expect(answer.status).toBe(200)
    expect(answer.headers.etag).toBeTruthy()
    expect(answer.headers['cache-control']).not.toBe('no-store')
  })
})
