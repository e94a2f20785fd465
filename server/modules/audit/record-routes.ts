import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorBody, idParams } from '../../../common/api'
import { commandContext } from './command-context'
import type { RecordCommands } from './record-commands'

type RecordRoutesOptions<Input extends z.ZodType> = {
  /** The collection, e.g. /api/plans; one record lives at {path}/:id. */
  path: string
  input: Input
  /** The record as the API answers it: declared in the reference, and the answer's shape. */
  record?: z.ZodType
  commands: RecordCommands<z.output<Input> & object, unknown>
}

/**
 * An admin collection's writes: POST answers 201 with the record, PUT {id} the record,
 * DELETE {id} 204; each validated by `input` and done by its command (record-commands.ts).
 */
export function recordRoutes<Input extends z.ZodType>(
  fastify: FastifyInstance,
  { path, input, record, commands }: RecordRoutesOptions<Input>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { actions } = commands
  // The type provider cannot resolve a generic schema's output; `input` has validated the body.
  const valuesOf = (body: unknown) => body as z.output<Input> & object
  // 409: a value another record holds, or (deleting) a record others refer to.
  const answers = (declare: (answer: z.ZodType) => Record<number, z.ZodType>) =>
    record ? declare(record) : undefined

  const createSchema = {
    body: input,
    response: answers((r) => ({ 201: r, 400: apiErrorBody, 409: apiErrorBody })),
  }
  app.post(
    path,
    { config: { audit: actions.create }, schema: createSchema },
    async (request, reply) =>
      reply.code(201).send(await commands.create(commandContext(request), valuesOf(request.body))),
  )

  app.put(
    `${path}/:id`,
    {
      config: { audit: actions.update },
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
    async (request) =>
      commands.update(commandContext(request), {
        id: request.params.id,
        values: valuesOf(request.body),
      }),
  )

  app.delete(
    `${path}/:id`,
    {
      config: { audit: actions.remove },
      schema: {
        params: idParams,
        response: answers(() => ({ 204: z.null(), 404: apiErrorBody, 409: apiErrorBody })),
      },
    },
    async (request, reply) => {
      await commands.remove(commandContext(request), request.params.id)
      return reply.code(204).send()
    },
  )
}
