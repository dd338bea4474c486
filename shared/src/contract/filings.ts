/**
 * The filing registry's schema: the only place per-filing facts live.
 * Browser-safe (no Node imports): the web app imports these types.
 */
import { type Static, Type } from 'typebox'

export const FilingIdPattern = '^[a-z0-9][a-z0-9-]{0,62}$'

export const FilingEntrySchema = Type.Object(
  {
    id: Type.String({ pattern: FilingIdPattern, description: 'URL-safe id, e.g. "facebook-s1"' }),
    company: Type.String({ minLength: 1, description: 'Company name as printed on the cover' }),
    ticker: Type.String({ minLength: 1, maxLength: 10, description: 'Proposed ticker symbol' }),
    form: Type.String({
      pattern: '^[A-Z0-9-]+(/A)?$',
      description: 'SEC form type: S-1, S-1/A, 424B4, 10-K…',
    }),
    filed: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Filing date (YYYY-MM-DD)' }),
    edgarUrl: Type.String({ pattern: '^https://', description: 'The filing on EDGAR' }),
    source: Type.String({
      minLength: 1,
      description: 'Local file ingested by default (PDF or EDGAR HTML), relative to filings.json',
    }),
    collection: Type.String({ pattern: FilingIdPattern, description: 'Store collection (alias) name' }),
    questions: Type.Array(Type.String({ minLength: 5 }), {
      minItems: 1,
      description: 'Demo questions shown as cards',
    }),
    chips: Type.Array(Type.String({ minLength: 1 }), { description: 'Short suggestion chips' }),
    placeholder: Type.Optional(Type.String({ minLength: 1, description: 'Question box placeholder' })),
    default: Type.Optional(Type.Boolean({ description: 'Selected when no filing is named' })),
  },
  { additionalProperties: false },
)
export type FilingEntry = Static<typeof FilingEntrySchema>

export const RegistrySchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    filings: Type.Array(FilingEntrySchema, { minItems: 1 }),
  },
  { additionalProperties: false },
)
export type Registry = Static<typeof RegistrySchema>
