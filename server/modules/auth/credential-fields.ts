import type { z } from 'zod'
import { credentialFields } from '../../../common/admin-users'

type Definition = {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
}

const definitionOf = (schema: z.ZodType) => (schema as { _zod: { def: Definition } })._zod.def

/** Whether `schema`, under optional/default/nullable wrappers, is a credential field's. */
function isCredential(schema: z.ZodType): boolean {
  if (credentialFields.has(schema)) return true
  const { innerType } = definitionOf(schema)
  return innerType ? isCredential(innerType) : false
}

/**
 * The names of the fields in a route's body schema that carry a password or code to check,
 * looking through unions, intersections and pipes: a route's config must say `checksCredentials`
 * exactly when this is not empty.
 */
export function credentialFieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return []
  const definition = definitionOf(schema as z.ZodType)
  const parts = [
    definition.innerType,
    ...(definition.options ?? []),
    definition.left,
    definition.right,
    definition.in,
    definition.out,
  ].filter((part) => part !== undefined)
  const own = Object.entries(definition.shape ?? {})
    .filter(([, field]) => isCredential(field))
    .map(([name]) => name)
  return [...new Set([...own, ...parts.flatMap(credentialFieldsOf)])]
}
