/**
 * Schemas of the operational routes (/health, /ready), which only the server and its probes use.
 * The product's HTTP contract lives in `@asks1/shared/contract/api`.
 */
import { AnswererSchema } from '@asks1/shared/contract/api'
import { type Static, Type } from 'typebox'

export const HealthReplySchema = Type.Object({
  status: Type.Literal('ok'),
  uptime: Type.Number({ description: 'Seconds since the process started' }),
})
export type HealthReply = Static<typeof HealthReplySchema>

export const ReadyFilingSchema = Type.Object({
  id: Type.String(),
  state: Type.Union(
    [
      Type.Literal('ready'),
      Type.Literal('pending'),
      Type.Literal('ingesting'),
      Type.Literal('failed'),
      Type.Literal('damaged'),
    ],
    {
      description:
        'ready = ingested and searchable; damaged = its live version cannot be read, it answers 503 FILING_UNAVAILABLE until re-ingested',
    },
  ),
  chunks: Type.Integer(),
  message: Type.Optional(Type.String()),
})

export const ReadyReplySchema = Type.Object({
  ready: Type.Boolean(),
  phase: Type.Union([
    Type.Literal('starting'),
    Type.Literal('ingesting'),
    Type.Literal('ready'),
    Type.Literal('failed'),
  ]),
  store: Type.Object({ kind: Type.String(), ok: Type.Boolean(), message: Type.Optional(Type.String()) }),
  state: Type.Object(
    { kind: Type.String(), ok: Type.Boolean(), message: Type.Optional(Type.String()) },
    { description: 'Where allowances are counted (STATE): sqlite or redis, and whether it answers' },
  ),
  embedder: Type.Object({
    status: Type.Union([Type.Literal('ready'), Type.Literal('missing')]),
    model: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Optional(Type.String()),
  }),
  answers: AnswererSchema,
  filings: Type.Array(ReadyFilingSchema),
})
export type ReadyReply = Static<typeof ReadyReplySchema>
