/**
 * The operational routes' replies (/health, /ready): probes read them, and the web app reads /ready
 * to show a first-start ingest's progress. Browser-safe.
 */

import { type Static, Type } from 'typebox'
import { AnswererSchema } from './api'

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
  progress: Type.Optional(
    Type.Object(
      {
        stage: Type.Union([Type.Literal('extract'), Type.Literal('embed'), Type.Literal('write')]),
        percent: Type.Integer({ minimum: 0, maximum: 100 }),
      },
      { description: 'While ingesting: the stage and how far through it' },
    ),
  ),
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
