import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import type { Db } from '../../db/client'
import { auditAs, inAuditedTransaction } from './audited-transaction'
import type { PublicScope } from '../../realtime/event-bus'

type RecordRoutesOptions<Input extends z.ZodType> = {
  /** The collection, e.g. /api/plans; one record lives at {path}/:id. */
  path: string
  /** The audit trail's entity; the actions are {entity}.create, .update and .delete. */
  entity: string
  input: Input
  /** The record as the API answers it: declared in the reference, and the answer's shape. */
  record?: z.ZodType
  /** What the public reads of these records, forgotten by every process after each change. */
  publicScope?: PublicScope
  create(db: Db, values: z.output<Input>, now: Date): Promise<unknown>
  update(db: Db, id: string, values: z.output<Input>, now: Date): Promise<unknown>
  remove(db: Db, id: string): Promise<void>
}

/**
 * An admin collection's writes: POST answers 201 with the record, PUT {id} the record,
 * DELETE {id} 204; each validated by `input` and recorded in the audit trail in its transaction.
 */
export function recordRoutes<Input extends z.ZodType>(
  fastify: FastifyInstance,
  { path, entity, input, record, publicScope, create, update, remove }: RecordRoutesOptions<Input>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const audit = auditAs(entity)
  // After the commit, so that no process reloads the old records.
  const changed = async () => {
    if (publicScope) await app.publicContent.changed(publicScope)
  }
  // The type provider cannot resolve a generic schema's output; `input` has validated the body.
  const valuesOf = (body: unknown) => body as z.output<Input>
  // 409: a value another record holds, or (deleting) a record others refer to.
  const answers = (declare: (answer: z.ZodType) => Record<number, z.ZodType>) =>
    record ? declare(record) : undefined

  const createSchema = {
    body: input,
    response: answers((r) => ({ 201: r, 400: apiErrorBody, 409: apiErrorBody })),
  }
  app.post(path, { config: audit('create'), schema: createSchema }, async (request, reply) => {
    const values = valuesOf(request.body)
    const saved = await inAuditedTransaction(request, (tx) => create(tx, values, app.now()))
    await changed()
    return reply.code(201).send(saved)
  })

  app.put(
    `${path}/:id`,
    {
      config: audit('update'),
      schema: {
        params: idParams,
        body: input,
        response: answers((r) => ({
          200: r,
          400: apiErrorBody,
          404: apiErrorBody,
          409: apiErrorBody,
        })),
      },
    },
    async (request) => {
      const values = valuesOf(request.body)
      const saved = await inAuditedTransaction(request, (tx) =>
        update(tx, request.params.id, values, app.now()),
      )
      await changed()
      return saved
    },
  )

  app.delete(
    `${path}/:id`,
    {
      config: audit('delete'),
      schema: {
        params: idParams,
        response: answers(() => ({ 204: z.null(), 404: apiErrorBody, 409: apiErrorBody })),
      },
    },
    async (request, reply) => {
      await inAuditedTransaction(request, (tx) => remove(tx, request.params.id))
      await changed()
      return reply.code(204).send()
    },
  )
}
