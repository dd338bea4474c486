/**
 * The HTTP contract as TypeBox schemas: the server validates and documents with them, the web app
 * imports their static types. Browser-safe.
 */
import { type Static, Type } from 'typebox'
import { FilingEntrySchema } from './filings'

export const PageLabelSchema = Type.String({
  pattern: '^(?:[0-9]{1,4}|[A-Z]{1,2}-[0-9]{1,4}|[ivxlcdm]{1,8})$',
  description: 'Printed page label: "154", "F-16", "ii"',
})

export const HistoryTurnSchema = Type.Object(
  {
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.String({ maxLength: 8000 }),
  },
  { additionalProperties: false },
)

export const AskBodySchema = Type.Object(
  {
    filing: Type.String({ minLength: 1, maxLength: 64, description: 'Filing id from /filings' }),
    question: Type.String({ minLength: 1, maxLength: 1000 }),
    history: Type.Optional(
      Type.Array(HistoryTurnSchema, { maxItems: 20, description: 'Prior turns, oldest first' }),
    ),
  },
  { additionalProperties: false },
)
export type AskBody = Static<typeof AskBodySchema>

/** A question must hold a letter or a digit: "???" or blanks ask nothing (400, counts nothing). */
export const hasQuestionText = (question: string): boolean => /[\p{L}\p{N}]/u.test(question)

/**
 * How well the quoted passage matches the question, apart from whether it is on its page:
 * `strong` = it holds the question's key terms (and a figure of the kind asked for);
 * `partial` = some of them; `weak` = few, so it does not answer the question.
 */
export const RelevanceSchema = Type.Object({
  level: Type.Union([Type.Literal('strong'), Type.Literal('partial'), Type.Literal('weak')]),
  score: Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'Share of the question’s weighted terms in the passage',
  }),
})
export type Relevance = Static<typeof RelevanceSchema>
export const FigureCheckSchema = Type.Object({
  figure: Type.String({ description: 'The figure as quoted ("$166.9 million")' }),
  found: Type.Boolean({
    description:
      "Stated on the cited page: literally, or equal to a number on it after its units and the quote's rounding",
  }),
})
export type FigureCheck = Static<typeof FigureCheckSchema>

export const CitationSchema = Type.Object({
  page: Type.String({ description: 'Cited printed page label' }),
  exists: Type.Boolean({ description: 'The page exists in the filing' }),
  verified: Type.Boolean({
    description: 'The page exists and every figure quoted beside the citation appears on it',
  }),
  figures: Type.Array(Type.String(), { description: 'Figures quoted beside the citation' }),
  missing: Type.Array(Type.String(), { description: 'Quoted figures not found on the page' }),
  relevance: Type.Optional(RelevanceSchema),
  checks: Type.Array(FigureCheckSchema, {
    description: 'Each figure quoted beside the citation, found on the cited page or not',
  }),
})
export type Citation = Static<typeof CitationSchema>

export const SourceSchema = Type.Object({
  chunkId: Type.String(),
  pages: Type.Array(Type.String(), { description: 'Printed pages the chunk covers' }),
  citedPages: Type.Array(Type.String(), { description: 'The pages of this chunk the answer cites' }),
  pdfPages: Type.Array(Type.Integer()),
  section: Type.Union([Type.String(), Type.Null()]),
  text: Type.String({ description: 'Chunk text with inline [p.N] tags' }),
  score: Type.Number(),
})
export type Source = Static<typeof SourceSchema>

export const SessionInfoSchema = Type.Object({
  used: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 0 }),
  left: Type.Integer({ minimum: 0 }),
})
export type SessionInfo = Static<typeof SessionInfoSchema>

export const AnswerModeSchema = Type.Union([Type.Literal('llm'), Type.Literal('extractive')])
export type AnswerMode = Static<typeof AnswerModeSchema>

/**
 * Who writes this server's answers, known before the first question (the app's disclosure names it):
 * `llm` = Claude, `model` the Claude model id; `extractive` = no AI model, answers are quoted excerpts.
 */
export const AnswererSchema = Type.Object({
  mode: AnswerModeSchema,
  model: Type.Union([Type.String(), Type.Null()], {
    description: 'Claude model id in llm mode (e.g. claude-haiku-4-5); null in extractive mode',
  }),
})
export type Answerer = Static<typeof AnswererSchema>

export const ClosestPassageSchema = Type.Object({
  pages: Type.Array(Type.String(), { description: 'Printed page(s) of the passage' }),
  section: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
})

/**
 * Present when the server abstained: no passage matched the question well enough to quote as an
 * answer. Says what was searched and where to look further; an abstained question is not counted.
 */
export const AbstentionSchema = Type.Object({
  reason: Type.Union(
    [
      Type.Literal('no-passage'),
      Type.Literal('weak-match'),
      Type.Literal('no-figure'),
      Type.Literal('no-period'),
    ],
    {
      description:
        'no passage matched; matches too weak; no figure of the asked kind; not for the asked period',
    },
  ),
  searched: Type.Object({
    terms: Type.Array(Type.String()),
    periods: Type.Array(Type.String()),
    sections: Type.Array(Type.String()),
  }),
  closest: Type.Array(ClosestPassageSchema),
})
export type Abstention = Static<typeof AbstentionSchema>

export const AskReplySchema = Type.Object({
  filing: Type.String(),
  answer: Type.String(),
  mode: AnswerModeSchema,
  citations: Type.Array(CitationSchema),
  sources: Type.Array(SourceSchema),
  session: SessionInfoSchema,
  /** Page labels are PDF page numbers: the filing had no recognisable printed page markers. */
  fallbackPages: Type.Boolean(),
  abstention: Type.Optional(AbstentionSchema),
})
export type AskReply = Static<typeof AskReplySchema>

export const ErrorReplySchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String({ description: 'Plain-language explanation, safe to show to a user' }),
  code: Type.Optional(
    Type.String({ description: 'Machine-readable reason, e.g. SESSION_LIMIT, BILLING, OVERLOADED' }),
  ),
  session: Type.Optional(SessionInfoSchema),
})
export type ErrorReply = Static<typeof ErrorReplySchema>

export const IngestStatusSchema = Type.Object({
  version: Type.String(),
  chunks: Type.Integer(),
  pages: Type.Integer(),
  ingestedAt: Type.String(),
  embedded: Type.Boolean(),
  fallbackPages: Type.Boolean(),
})
export type IngestStatus = Static<typeof IngestStatusSchema>

export const FilingInfoSchema = Type.Object({
  ...Type.Omit(FilingEntrySchema, ['source', 'collection', 'default']).properties,
  default: Type.Boolean(),
  status: Type.Union([IngestStatusSchema, Type.Null()], { description: 'null until ingested' }),
})
export type FilingInfo = Static<typeof FilingInfoSchema>

export const FilingsReplySchema = Type.Object({
  filings: Type.Array(FilingInfoSchema),
  default: Type.String({ description: 'Id of the default filing' }),
  answerer: AnswererSchema,
})
export type FilingsReply = Static<typeof FilingsReplySchema>

export const SourcesQuerySchema = Type.Object(
  {
    filing: Type.String({ minLength: 1, maxLength: 64 }),
    page: Type.Optional(Type.String({ minLength: 1, maxLength: 12, description: 'Printed page label' })),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'Retrieval-only query' })),
    k: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 8 })),
  },
  { additionalProperties: false },
)
export type SourcesQuery = Static<typeof SourcesQuerySchema>

export const SourcePageReplySchema = Type.Object({
  filing: Type.String(),
  page: Type.String(),
  pdfPages: Type.Array(Type.Integer()),
  text: Type.String(),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
  edgarUrl: Type.String(),
})
export type SourcePageReply = Static<typeof SourcePageReplySchema>

export const SourceHitSchema = Type.Object({
  chunkId: Type.String(),
  pages: Type.Array(Type.String()),
  pdfPages: Type.Array(Type.Integer()),
  section: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  score: Type.Number(),
})
export const SourceSearchReplySchema = Type.Object({
  filing: Type.String(),
  query: Type.String(),
  hits: Type.Array(SourceHitSchema),
})
export type SourceSearchReply = Static<typeof SourceSearchReplySchema>

/** Server-sent events of a streamed /ask: `delta` {text}…, then `done` (AskReply) or `error` (ErrorReply). */
export const AskDeltaEventSchema = Type.Object({ text: Type.String() })
export type AskDeltaEvent = Static<typeof AskDeltaEventSchema>
export type AskStreamEvent =
  | { event: 'delta'; data: AskDeltaEvent }
  | { event: 'done'; data: AskReply }
  | { event: 'error'; data: ErrorReply }
