/**
 * The request validator: TypeBox's, with one strictness added. TypeBox converts query strings,
 * params and headers with `Number()` before checking, so `k=0x5` read as 5 and `k=1.5` was
 * truncated to 1; here a number field must be written in plain decimal digits first.
 */
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'
import type { TSchema } from 'typebox'

const INTEGER = /^-?\d+$/
const DECIMAL = /^-?\d+(?:\.\d+)?$/

type Props = Record<string, { type?: unknown }>

export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const check = TypeBoxValidatorCompiler(route)
  if (route.httpPart === 'body') return check
  const props = ((route.schema as { properties?: Props }).properties ?? {}) as Props
  const numeric = Object.entries(props).filter(([, p]) => p.type === 'integer' || p.type === 'number')
  if (numeric.length === 0) return check
  return (value) => {
    for (const [name, p] of numeric) {
      const raw = (value as Record<string, unknown> | null)?.[name]
      if (typeof raw !== 'string') continue
      const integer = p.type === 'integer'
      if ((integer ? INTEGER : DECIMAL).test(raw)) continue
      const error: FastifySchemaValidationError = {
        keyword: 'type',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        params: { type: p.type },
        message: integer ? 'must be a whole number in decimal digits' : 'must be a number in decimal digits',
      }
      return { error: [error] }
    }
    return check(value)
  }
}
