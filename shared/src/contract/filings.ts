/**
 * The filing registry's schema: the only place per-filing facts live.
 * Browser-safe (no Node imports): the web app imports these types.
 */
import { type Static, Type } from 'typebox'

export const FilingIdPattern = '^[a-z0-9][a-z0-9-]{0,62}$'

const FormPattern = '^[A-Z0-9-]+(/A)?$'
const DatePattern = '^\\d{4}-\\d{2}-\\d{2}$'

/**
 * A later version of a filing (S-1/A No. 1, No. 2, …, the final 424B4), as `pnpm ingest amend`
 * records it: what it is (form, date) and where it came from (an EDGAR accession or URL, or a file).
 */
export const AmendmentEntrySchema = Type.Object(
  {
    form: Type.String({ pattern: FormPattern, description: 'SEC form type: S-1/A, 424B4, F-3/A…' }),
    filed: Type.String({ pattern: DatePattern, description: 'Filing date (YYYY-MM-DD)' }),
    accession: Type.Optional(
      Type.String({ pattern: '^\\d{10}-\\d{2}-\\d{6}$', description: 'EDGAR accession number' }),
    ),
    edgarUrl: Type.Optional(Type.String({ pattern: '^https://', description: 'The document on EDGAR' })),
    source: Type.Optional(
      Type.String({ minLength: 1, description: 'Local file (PDF or EDGAR HTML), relative to filings.json' }),
    ),
  },
  { additionalProperties: false },
)
export type AmendmentEntry = Static<typeof AmendmentEntrySchema>

export const FilingEntrySchema = Type.Object(
  {
    id: Type.String({ pattern: FilingIdPattern, description: 'URL-safe id, e.g. "facebook-s1"' }),
    company: Type.String({ minLength: 1, description: 'Company name as printed on the cover' }),
    ticker: Type.String({ minLength: 1, maxLength: 10, description: 'Proposed ticker symbol' }),
    form: Type.String({
      pattern: FormPattern,
      description: 'SEC form type of the original filing: S-1, F-1, 10-K…',
    }),
    filed: Type.String({ pattern: DatePattern, description: 'Filing date of the original (YYYY-MM-DD)' }),
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
    amendments: Type.Optional(
      Type.Array(AmendmentEntrySchema, {
        description:
          'Later versions, oldest first; the fields above describe the original. Absent: never amended.',
      }),
    ),
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
