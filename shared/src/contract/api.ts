/**
 * The HTTP contract as TypeBox schemas: the server validates and documents with them, the web app
 * imports their static types. Browser-safe.
 *
 * One file on purpose, though long: it is the API's contract read top to bottom, in the order of
 * the OpenAPI document it generates, and a schema here is referenced by the ones after it.
 */
import { type Static, Type } from 'typebox'
import { FilingVersionSchema } from './changes'
import { FilingEntrySchema } from './filings'
import {
  FILING_ID_MAX_CHARS,
  HISTORY_ITEM_MAX_CHARS,
  HISTORY_MAX_ITEMS,
  QUESTION_MAX_CHARS,
  SOURCES_DEFAULT_K,
  SOURCES_MAX_K,
} from './limits'
import { PAGE_LABEL_PATTERN, PAGE_LABEL_RE } from './page-label'
import { TableSchema } from './tables'

/** A printed page label as the API writes it (the grammar is `./page-label`'s). */
const pageLabel = (description: string) => Type.String({ pattern: PAGE_LABEL_RE.source, description })

export const PageLabelSchema = pageLabel('Printed page label: "154", "F-16", "III-5", "A-10", "ii"')

/** A page as a client may ask for it: a label, or a label as cited (`p.154`, `p. F-16`). */
export const PageQuerySchema = Type.String({
  pattern: String.raw`^(?:[Pp]{1,2}\.\s?)?${PAGE_LABEL_PATTERN}$`,
  description: 'Printed page label, with or without its citation prefix ("154", "p.F-16")',
})

export const HistoryTurnSchema = Type.Object(
  {
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.String({ maxLength: HISTORY_ITEM_MAX_CHARS }),
  },
  { additionalProperties: false },
)

export const AskBodySchema = Type.Object(
  {
    filing: Type.String({
      minLength: 1,
      maxLength: FILING_ID_MAX_CHARS,
      description: 'Filing id from /filings',
    }),
    question: Type.String({ minLength: 1, maxLength: QUESTION_MAX_CHARS }),
    history: Type.Optional(
      Type.Array(HistoryTurnSchema, {
        maxItems: HISTORY_MAX_ITEMS,
        description: 'Prior turns, oldest first',
      }),
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
export const FigureStatusSchema = Type.Union(
  [
    Type.Literal('printed'),
    Type.Literal('computed'),
    Type.Literal('other-line-item'),
    Type.Literal('not-found'),
  ],
  {
    description:
      '`printed`: on the cited page (as `found`); `computed`: not printed there, but the sum, difference, percentage change or share of figures the answer quotes beside it that are printed there (see `derivation`); `other-line-item`: the page prints it only in a table row of another line item than the one its sentence names (see `lineItem`), so not found; `not-found`: none of these',
  },
)
export type FigureStatus = Static<typeof FigureStatusSchema>

export const FigureCheckSchema = Type.Object({
  figure: Type.String({ description: 'The figure as quoted ("$166.9 million")' }),
  found: Type.Boolean({
    description:
      "Printed on the cited page: literally, or equal to a number on it after its units and the quote's rounding. False for a computed figure",
  }),
  status: Type.Optional(FigureStatusSchema),
  derivation: Type.Optional(
    Type.String({
      description: 'For a computed figure: how, from printed figures ("$6,331 million − $2,990 million")',
    }),
  ),
  lineItem: Type.Optional(
    Type.Object(
      {
        printedIn: Type.String({
          description: 'The row label the page prints the figure under ("Net loss")',
        }),
        named: Type.String({ description: 'The row of that page the sentence names instead ("Revenue")' }),
      },
      { description: 'For `other-line-item`: where the page prints the figure, and what the sentence names' },
    ),
  ),
  printedAs: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'For a printed figure: how this page prints it, as the check found it ("3,711" on a page "in millions" for "$3.7 billion"); the reader highlights these',
    }),
  ),
})
export type FigureCheck = Static<typeof FigureCheckSchema>

export const CitationSchema = Type.Object({
  page: pageLabel('Cited printed page label'),
  exists: Type.Boolean({ description: 'The page exists in the filing' }),
  verified: Type.Boolean({
    description: 'The page exists and every figure quoted beside the citation appears on it',
  }),
  figures: Type.Array(Type.String(), { description: 'Figures quoted beside the citation' }),
  missing: Type.Array(Type.String(), {
    description: 'Quoted figures not printed on the page (computed ones included: see `checks`)',
  }),
  relevance: Type.Optional(RelevanceSchema),
  checks: Type.Array(FigureCheckSchema, {
    description: 'Each figure quoted beside the citation, found on the cited page or not',
  }),
})
export type Citation = Static<typeof CitationSchema>

export const SourceSchema = Type.Object({
  chunkId: Type.String(),
  pages: Type.Array(PageLabelSchema, { description: 'Printed pages the chunk covers' }),
  citedPages: Type.Array(PageLabelSchema, { description: 'The pages of this chunk the answer cites' }),
  pdfPages: Type.Array(Type.Integer()),
  section: Type.Union([Type.String(), Type.Null()]),
  text: Type.String({ description: 'Chunk text with inline [p.N] tags' }),
  score: Type.Number(),
})
export type Source = Static<typeof SourceSchema>

export const SessionInfoSchema = Type.Object(
  {
    used: Type.Integer({ minimum: 0, description: 'Questions this session (or API key, today) has asked' }),
    limit: Type.Integer({ minimum: 0, description: "The session's (or key's daily) allowance" }),
    left: Type.Integer({
      minimum: 0,
      description:
        "Questions the caller may still ask: for a browser session, the smaller of the session's and the address's daily allowance",
    }),
    resetsAt: Type.Optional(
      Type.String({
        description:
          "When more questions become available (ISO 8601): for a session, its end (a fixed time after its first question); midnight UTC for an API key's quota, or when the address's daily allowance is the tighter one. Absent when not known (a session before its first question).",
      }),
    ),
  },
  { description: "The caller's question allowance" },
)
export type SessionInfo = Static<typeof SessionInfoSchema>

/** Which allowance refused a question, and when it starts again. */
export const AllowanceSchema = Type.Object(
  {
    scope: Type.Union(
      [
        Type.Literal('session'),
        Type.Literal('address'),
        Type.Literal('key'),
        Type.Literal('global'),
        Type.Literal('rate'),
      ],
      {
        description:
          "session: the browser session's questions; address: everything without an API key from one IP address, per day; key: an API key's daily quota; global: the server's daily question or spend budget; rate: requests per address per minute",
      },
    ),
    used: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 0 }),
    left: Type.Integer({ minimum: 0 }),
    resetsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When this allowance starts again (UTC midnight for daily ones); null: it does not',
    }),
  },
  { description: 'The allowance that refused the question' },
)
export type Allowance = Static<typeof AllowanceSchema>

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
 * Why the server abstained, each with what it means: the one list of reasons (the schema below, the
 * answer path's `Selection` and its held answer types, and the reader's explanations all read it).
 */
export const ABSTENTION_REASONS = {
  'no-passage': 'no passage matched',
  'no-name': 'no matching passage names what was asked about',
  'no-subject': 'none that names it mentions what was asked of it',
  'weak-match': 'matches too weak',
  'no-figure': 'no figure of the asked kind',
  'no-line-item': 'no figure of the line item asked (revenue, net income…)',
  'no-name-answer': 'no person or firm named for a who question',
  'no-place': 'no place named for a where question',
  'no-duration': 'no length of time for a how-long question',
  'no-symbol': 'no trading symbol printed for a question asking it',
  'no-period': 'not for the asked period',
  blank: 'the best match prints a blank where the answer belongs',
  undisclosed: 'the best match says the value is not disclosed',
  'not-traded': 'a market price asked of shares the filing says have no public market yet',
} as const
export type AbstentionReason = keyof typeof ABSTENTION_REASONS
const ABSTENTION_REASON_LIST = Object.keys(ABSTENTION_REASONS) as AbstentionReason[]

/**
 * Present when the server abstained: no passage matched the question well enough to quote as an
 * answer. Says what was searched and where to look further; an abstained question is not counted.
 */
export const AbstentionSchema = Type.Object({
  // Built from the list, so its static type is said (Type.Unsafe): a mapped array reads as `never`.
  reason: Type.Unsafe<AbstentionReason>(
    Type.Union(
      ABSTENTION_REASON_LIST.map((r) => Type.Literal(r)),
      { description: Object.values(ABSTENTION_REASONS).join('; ') },
    ),
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
    Type.String({
      description:
        'Machine-readable reason, e.g. SESSION_LIMIT, IP_DAILY_LIMIT, KEY_QUOTA, BUDGET_EXHAUSTED, BUSY, BILLING, OVERLOADED',
    }),
  ),
  session: Type.Optional(SessionInfoSchema),
  allowance: Type.Optional(AllowanceSchema),
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
  ...Type.Omit(FilingEntrySchema, ['source', 'collection', 'default', 'amendments']).properties,
  default: Type.Boolean(),
  versions: Type.Array(FilingVersionSchema, {
    description: 'The chain of versions, oldest first (1 = the original; then each amendment)',
  }),
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
    filing: Type.String({ minLength: 1, maxLength: FILING_ID_MAX_CHARS }),
    page: Type.Optional(PageQuerySchema),
    q: Type.Optional(
      Type.String({ minLength: 1, maxLength: QUESTION_MAX_CHARS, description: 'Retrieval-only query' }),
    ),
    k: Type.Optional(Type.Integer({ minimum: 1, maximum: SOURCES_MAX_K, default: SOURCES_DEFAULT_K })),
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'With page=: that version of the filing (default: the live one)',
      }),
    ),
  },
  { additionalProperties: false },
)
export type SourcesQuery = Static<typeof SourcesQuerySchema>

export const SourcePageReplySchema = Type.Object({
  filing: Type.String(),
  page: PageLabelSchema,
  pdfPages: Type.Array(Type.Integer()),
  text: Type.String(),
  prev: Type.Union([PageLabelSchema, Type.Null()]),
  next: Type.Union([PageLabelSchema, Type.Null()]),
  edgarUrl: Type.String(),
  version: Type.Optional(
    Type.Integer({ description: 'The version the page was read from, when one was asked for' }),
  ),
  tables: Type.Array(TableSchema, {
    description:
      'Tables printed on the page (parts of tables continued from or onto other pages included), values in units',
  }),
})
export type SourcePageReply = Static<typeof SourcePageReplySchema>

export const SourceHitSchema = Type.Object({
  chunkId: Type.String(),
  pages: Type.Array(PageLabelSchema),
  pdfPages: Type.Array(Type.Integer()),
  section: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  score: Type.Number(),
  rowRank: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'Rank of the table row that lifted this passage (a figure question; the passage prints the row on its printed page)',
    }),
  ),
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
