/**
 * What changed between two versions of a filing (an S-1 and its S-1/A, an F-3 and its F-3/A): the
 * HTTP shape of `GET /filings/:id/changes` and of the report the amendment module computes.
 * Browser-safe: the web app's "What changed" view renders it.
 *
 * Every change is cited on both sides with the printed pages of its own version (`p.54 → p.56`): an
 * insertion cites, on the old side, the page where the new text would have stood.
 */
import { type Static, Type } from 'typebox'

/** One side of a change: the printed pages it sits on in that version, and its text there. */
export const ChangeSideSchema = Type.Object({
  pages: Type.Array(Type.String(), { description: 'Printed page labels in this version' }),
  text: Type.String({ description: 'The passage in this version ("" when absent from it)' }),
})
export type ChangeSide = Static<typeof ChangeSideSchema>

/** A run of words in a word-level diff. */
export const DiffPartSchema = Type.Object({
  op: Type.Union([Type.Literal('equal'), Type.Literal('added'), Type.Literal('removed')]),
  text: Type.String(),
})
export type DiffPart = Static<typeof DiffPartSchema>

/** A rewritten passage: old and new text, and the word-level diff between them (with context). */
export const TextChangeSchema = Type.Object({
  kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('rewritten')], {
    description: 'added: only new words; removed: only old words; rewritten: both',
  }),
  from: ChangeSideSchema,
  to: ChangeSideSchema,
  parts: Type.Array(DiffPartSchema),
})
export type TextChange = Static<typeof TextChangeSchema>

export const SectionStatusSchema = Type.Union(
  [Type.Literal('added'), Type.Literal('removed'), Type.Literal('rewritten'), Type.Literal('moved')],
  {
    description:
      'added/removed: the section exists in one version only; rewritten: its text changed; moved: it sits elsewhere (its text may also have changed)',
  },
)
export type SectionStatus = Static<typeof SectionStatusSchema>

export const SectionChangeSchema = Type.Object({
  status: SectionStatusSchema,
  /** Heading path in the new version (the old one for a removed section). */
  path: Type.Array(Type.String()),
  /** Heading path in the old version when it differs (a renamed heading). */
  fromPath: Type.Optional(Type.Array(Type.String())),
  from: Type.Object({ pages: Type.Array(Type.String()) }),
  to: Type.Object({ pages: Type.Array(Type.String()) }),
  /** The rewritten passages (for added/removed sections: the whole text as one change). */
  changes: Type.Array(TextChangeSchema),
})
export type SectionChange = Static<typeof SectionChangeSchema>

/**
 * Offering terms a reader of an amendment looks for first. The cue words that recognise each are data
 * in `shared/src/amend/offering-terms.ts`, with the Regulation S-K item that makes a filing state it.
 */
export const OFFERING_TERMS = [
  'price range',
  'shares offered',
  'over-allotment',
  'net proceeds',
  'use of proceeds',
  'lock-up',
  'capitalization',
  'dilution',
  'financial period',
  'other figure',
] as const
export type OfferingTerm = (typeof OFFERING_TERMS)[number]

export const FigureChangeSchema = Type.Object({
  term: Type.Union([
    Type.Literal('price range'),
    Type.Literal('shares offered'),
    Type.Literal('over-allotment'),
    Type.Literal('net proceeds'),
    Type.Literal('use of proceeds'),
    Type.Literal('lock-up'),
    Type.Literal('capitalization'),
    Type.Literal('dilution'),
    Type.Literal('financial period'),
    Type.Literal('other figure'),
  ]),
  /** The sentence (or table row) the figure sits in, new version (old for a removed one). */
  context: Type.String(),
  /** The figure as printed before and after ("$ and $" → "$28.00 and $35.00"); null when absent. */
  before: Type.Union([Type.String(), Type.Null()]),
  after: Type.Union([Type.String(), Type.Null()]),
  path: Type.Array(Type.String()),
  from: Type.Object({ pages: Type.Array(Type.String()) }),
  to: Type.Object({ pages: Type.Array(Type.String()) }),
})
export type FigureChange = Static<typeof FigureChangeSchema>

/** One version of a filing as the registry chains them (1 = the original filing). */
export const FilingVersionSchema = Type.Object({
  n: Type.Integer({ minimum: 1, description: '1 = the original filing, 2 = the first amendment, …' }),
  form: Type.String({ description: 'S-1, S-1/A, 424B4, F-3/A…' }),
  filed: Type.String({ description: 'Filing date (YYYY-MM-DD)' }),
  accession: Type.Optional(Type.String({ description: 'EDGAR accession number' })),
  edgarUrl: Type.Optional(Type.String()),
  /** The store version holding its pages; null when this version has not been ingested. */
  stored: Type.Union([Type.String(), Type.Null()]),
  live: Type.Boolean({ description: 'The version questions are answered from' }),
})
export type FilingVersion = Static<typeof FilingVersionSchema>

export const ChangeSummarySchema = Type.Object({
  sectionsAdded: Type.Integer(),
  sectionsRemoved: Type.Integer(),
  sectionsRewritten: Type.Integer(),
  sectionsMoved: Type.Integer(),
  passages: Type.Integer({ description: 'Rewritten passages in all sections' }),
  figures: Type.Integer(),
})
export type ChangeSummary = Static<typeof ChangeSummarySchema>

/** The pure comparison of two page lists (no version facts). */
export interface VersionComparison {
  sections: SectionChange[]
  figures: FigureChange[]
  summary: ChangeSummary
}

export const ChangesQuerySchema = Type.Object(
  {
    from: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Version number to compare from (default: the one before `to`)',
      }),
    ),
    to: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Version number to compare to (default: the latest)' }),
    ),
  },
  { additionalProperties: false },
)
export type ChangesQuery = Static<typeof ChangesQuerySchema>

export const ChangesParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })

export const ChangesReplySchema = Type.Object({
  filing: Type.String(),
  from: FilingVersionSchema,
  to: FilingVersionSchema,
  summary: ChangeSummarySchema,
  sections: Type.Array(SectionChangeSchema),
  figures: Type.Array(FigureChangeSchema),
})
export type ChangesReply = Static<typeof ChangesReplySchema>

/**
 * Where a change on a page with no printed number sits (a cover, Part II): named by its part of the
 * document instead of a page number, so it is never taken for (or cited as) a printed page.
 */
export const UNNUMBERED_PAGE = {
  front: 'unnumbered front matter',
  body: 'unnumbered page',
  back: 'unnumbered back matter',
} as const

/** `p.54 → p.56`, `p.4 → pp.4–5`, `— → p.12` (absent on one side). */
export function citeSides(from: readonly string[], to: readonly string[]): string {
  const side = (pages: readonly string[]) => {
    if (pages.length === 0) return '—'
    if (pages.length === 1) return `p.${pages[0]}`
    return `pp.${pages[0]}–${pages[pages.length - 1]}`
  }
  return `${side(from)} → ${side(to)}`
}
