/**
 * The filing's own document, for the reader's page view: the source file itself (a PDF is read by
 * pdf.js in the browser with range requests) and, for an EDGAR HTML filing, one printed page's own
 * markup, sanitised by the server. Browser-safe.
 */
import { type Static, Type } from 'typebox'
import { routeUrl, SUB_ROUTES } from './routes'

export const DocumentParamsSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'Filing id from /filings' }) },
  { additionalProperties: false },
)

export const DocumentPageParamsSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'Filing id from /filings' }),
    page: Type.String({
      minLength: 1,
      maxLength: 16,
      description: 'Printed page label ("54", "F-7", "p.54")',
    }),
  },
  { additionalProperties: false },
)

export const DocumentPageReplySchema = Type.Object({
  filing: Type.String(),
  page: Type.String({ description: 'The printed page label as stored' }),
  format: Type.Literal('html'),
  html: Type.String({
    description:
      'The printed page as the filing set it, sanitised: text, emphasis, alignment and tables only (no scripts, links, images or styles beyond layout)',
  }),
})
export type DocumentPageReply = Static<typeof DocumentPageReplySchema>

/** The document route's path for a filing (the web app's PDF viewer loads it with range requests). */
export const documentUrl = (filing: string): string => routeUrl(SUB_ROUTES.document, { id: filing })

/** One printed page's sanitised HTML. */
export const documentPageUrl = (filing: string, page: string): string =>
  routeUrl(SUB_ROUTES.documentPage, { id: filing, page })
