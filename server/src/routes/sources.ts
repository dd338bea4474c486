/**
 * GET /sources: the evidence behind citations.
 * - `?filing=…&page=154`: the text of that printed page, its tables, PDF pages, neighbours and EDGAR link.
 * - `?filing=…&q=…&k=…`: retrieval only (chunks, pages, scores), for API clients and evaluation.
 */

import {
  ErrorReplySchema,
  SourcePageReplySchema,
  SourceSearchReplySchema,
  SourcesQuerySchema,
} from '@asks1/shared/contract/api'
import { ROUTES } from '@asks1/shared/contract/routes'
import { retrieve } from '@asks1/shared/retrieval'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../errors'
import { findFiling, liveStatus, readLive, storeKey } from '../lookup'

const sourcesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Page order of each filing's live version, for prev/next links (re-read when the version changes).
  const pageOrder = new Map<string, { version: string; labels: string[]; index: Map<string, number> }>()

  app.get(
    ROUTES.sources,
    {
      schema: {
        operationId: 'getSources',
        tags: ['sources'],
        summary: 'The text of one printed page (page=) or retrieval-only search (q=)',
        querystring: SourcesQuerySchema,
        response: {
          200: Type.Union([SourcePageReplySchema, SourceSearchReplySchema]),
          400: ErrorReplySchema,
          404: ErrorReplySchema,
          429: ErrorReplySchema,
          503: ErrorReplySchema,
        },
      },
    },
    async (request) => {
      const { filing: id, page, q } = request.query
      const k = request.query.k ?? 8
      if ((page === undefined) === (q === undefined))
        throw new AppError(
          400,
          'VALIDATION',
          'Give exactly one of "page" (a printed page) or "q" (a search).',
        )

      const filing = findFiling(app, id)
      const status = await liveStatus(app, filing)
      const key = storeKey(filing)

      if (q !== undefined) {
        const hits = await readLive(app, filing, status, () => retrieve(app.store, app.embedder, key, q, k))
        return {
          filing: filing.id,
          query: q,
          hits: hits.map((h) => ({
            chunkId: h.chunk.id,
            pages: h.chunk.pages,
            pdfPages: h.chunk.pdfPages,
            section: h.chunk.section,
            text: h.chunk.text,
            score: h.score,
          })),
        }
      }

      // Citations are written "p.154"/"p. F-16"; accept the label with or without that prefix.
      const label = (page as string).replace(/^pp?\.\s*/i, '').trim()
      const record = await readLive(app, filing, status, () => app.store.getPage(key, label))
      if (!record)
        throw new AppError(
          404,
          'PAGE_NOT_FOUND',
          `Page ${label} is not a printed page of ${filing.company}'s ${filing.form} as ingested.`,
        )
      let order = pageOrder.get(key)
      if (!order || order.version !== status.version) {
        const labels = await readLive(app, filing, status, () => app.store.listPages(key))
        order = { version: status.version, labels, index: new Map(labels.map((l, i) => [l, i])) }
        pageOrder.set(key, order)
      }
      const i = order.index.get(record.label) ?? -1
      return {
        filing: filing.id,
        page: record.label,
        pdfPages: record.pdfPages,
        text: record.text,
        prev: i > 0 ? (order.labels[i - 1] ?? null) : null,
        next: i >= 0 ? (order.labels[i + 1] ?? null) : null,
        edgarUrl: filing.edgarUrl,
        tables: record.tables ?? [],
      }
    },
  )
}

export default sourcesRoutes
