/**
 * The filing's own document, for the reader's page view:
 * - GET /filings/:id/document: the source file the live version was ingested from, with HTTP range
 *   requests (pdf.js fetches only the pages it shows) and conditional GETs, served by @fastify/send.
 * - GET /filings/:id/document/pages/:page: one printed page of an EDGAR HTML filing as sanitised
 *   markup (tables intact).
 */
import { basename, dirname } from 'node:path'
import { ErrorReplySchema } from '@asks1/shared/contract/api'
import {
  DocumentPageParamsSchema,
  DocumentPageReplySchema,
  DocumentParamsSchema,
} from '@asks1/shared/contract/document'
import { routePattern, SUB_ROUTES } from '@asks1/shared/contract/routes'
import send from '@fastify/send'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DocumentService } from '../document'
import { AppError } from '../errors'
import { findFiling } from '../lookup'

const TYPES = { pdf: 'application/pdf', html: 'text/html; charset=utf-8' } as const

const binary = (description: string) => ({
  description,
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
    'text/html': { schema: { type: 'string' } },
  },
})

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const documents = new DocumentService(app)

  app.get(
    routePattern(SUB_ROUTES.document),
    {
      schema: {
        tags: ['filings'],
        operationId: 'getFilingDocument',
        summary: "The filing's source document (PDF or EDGAR HTML), with range requests",
        description:
          'The very file the live version was ingested from. Supports `Range: bytes=…` (206 Partial Content, `Accept-Ranges: bytes`), `If-None-Match` and `If-Modified-Since`. HTML is served with `Content-Security-Policy: sandbox`, so nothing in it runs on this origin.',
        params: DocumentParamsSchema,
        response: {
          200: binary('The whole document'),
          206: binary('The requested byte range'),
          304: { description: 'Not modified', type: 'null' },
          404: ErrorReplySchema,
          416: ErrorReplySchema,
          503: ErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const filing = findFiling(app, request.params.id)
      const doc = await documents.live(filing)
      const result = await send(request.raw, encodeURIComponent(basename(doc.path)), {
        root: dirname(doc.path),
        dotfiles: 'allow',
        index: false,
        contentType: false,
        cacheControl: false,
      })
      if (result.type !== 'file') {
        result.stream.destroy()
        if (result.statusCode === 416)
          return reply
            .code(416)
            .header('content-range', `bytes */${doc.size}`)
            .send({
              statusCode: 416,
              error: 'Range Not Satisfiable',
              message: `The document is ${doc.size} bytes long: ask for a range inside it.`,
              code: 'RANGE_NOT_SATISFIABLE',
            })
        throw new AppError(404, 'DOCUMENT_UNAVAILABLE', `The document of ${filing.company} cannot be read.`)
      }
      // Revalidated on every use: a re-ingest may replace the file under the same URL.
      reply.headers({
        ...result.headers,
        'content-type': TYPES[doc.kind],
        'cache-control': 'no-cache',
        'content-disposition': `inline; filename="${filing.id}.${doc.kind === 'pdf' ? 'pdf' : 'htm'}"`,
        'content-security-policy': 'sandbox',
      })
      return reply.code(result.statusCode as 200 | 206 | 304).send(result.stream)
    },
  )

  app.get(
    routePattern(SUB_ROUTES.documentPage),
    {
      schema: {
        tags: ['filings'],
        operationId: 'getFilingDocumentPage',
        summary: 'One printed page of an EDGAR HTML filing, as sanitised HTML',
        description:
          "The page's own markup (tables intact), cut at the filing's page breaks exactly as ingest pages it, and sanitised on the server: text, emphasis, alignment and tables only. A PDF filing answers 404 `NOT_HTML`: render its PDF pages (`pdfPages` of GET /sources?page=) from GET /filings/:id/document instead.",
        params: DocumentPageParamsSchema,
        response: { 200: DocumentPageReplySchema, 404: ErrorReplySchema, 503: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const filing = findFiling(app, request.params.id)
      // Citations are written "p.154"; accept the label with or without that prefix, as /sources does.
      const label = request.params.page.replace(/^pp?\.\s*/i, '').trim()
      const page = await documents.htmlPage(filing, label)
      reply.header('cache-control', 'no-cache')
      return { filing: filing.id, page: page.page, format: 'html' as const, html: page.html }
    },
  )
}

export default documentRoutes
