/**
 * GET /sources: the evidence behind citations.
 * - `?filing=…&page=154`: the text of that printed page, its tables, PDF pages, neighbours and EDGAR link.
 * - `?filing=…&q=…&k=…`: retrieval only (chunks, pages, scores, the table row that lifted a hit), for API
 *   clients and evaluation.
 */

import {
  ErrorReplySchema,
  SourcePageReplySchema,
  SourceSearchReplySchema,
  SourcesQuerySchema,
} from '@asks1/shared/contract/api'
import { ROUTES } from '@asks1/shared/contract/routes'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import { retrieve } from '@asks1/shared/retrieval'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../errors'
import { findFiling, liveStatus, readLive, storeKey } from '../lookup'

/** The stored version numbered `n` of a filing, or a 404 that says which versions there are. */
async function storedVersion(deps: FastifyInstance, filing: LoadedFiling, n: number) {
  const versions = await deps.changes.versions(filing)
  const v = versions.find((x) => x.n === n)
  if (!v?.stored)
    throw new AppError(
      404,
      'UNKNOWN_VERSION',
      `Version ${n} of ${filing.company}'s filing is not ingested (ingested: ${
        versions
          .filter((x) => x.stored)
          .map((x) => `${x.n} (${x.form})`)
          .join(', ') || 'none'
      }).`,
    )
  return { ...v, stored: v.stored }
}

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
        const hits = await readLive(app, filing, status, () =>
          retrieve(app.store, app.embedder, key, q, k, { features: app.retrievalFeatures }),
        )
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
            // Table rows take part in the ranking of a figure question: say which hit a row lifted.
            ...(h.rowRank !== undefined ? { rowRank: h.rowRank } : {}),
          })),
        }
      }

      // Citations are written "p.154"/"p. F-16"; accept the label with or without that prefix.
      const label = (page as string).replace(/^pp?\.\s*/i, '').trim()
      // A change report cites pages of an earlier version too: `version=` reads that version's page.
      const asked = request.query.version
      const version = asked === undefined ? null : await storedVersion(app, filing, asked)
      const read = version ? { version: version.stored } : undefined
      // Only damage to the live version marks the filing unavailable (and re-ingests it).
      const fromStore = <T>(fn: () => Promise<T>): Promise<T> =>
        read ? fn() : readLive(app, filing, status, fn)
      const record = await fromStore(() => app.store.getPage(key, label, read))
      if (!record)
        throw new AppError(
          404,
          'PAGE_NOT_FOUND',
          `Page ${label} is not a printed page of ${filing.company}'s ${version ? `${version.form} (version ${version.n})` : filing.form} as ingested.`,
        )
      const orderKey = `${key}\u0000${read?.version ?? ''}`
      const current = read?.version ?? status.version
      let order = pageOrder.get(orderKey)
      if (!order || order.version !== current) {
        const labels = await fromStore(() => app.store.listPages(key, read))
        order = { version: current, labels, index: new Map(labels.map((l, i) => [l, i])) }
        pageOrder.set(orderKey, order)
      }
      const i = order.index.get(record.label) ?? -1
      return {
        filing: filing.id,
        page: record.label,
        pdfPages: record.pdfPages,
        text: record.text,
        prev: i > 0 ? (order.labels[i - 1] ?? null) : null,
        next: i >= 0 ? (order.labels[i + 1] ?? null) : null,
        edgarUrl: version?.edgarUrl ?? filing.edgarUrl,
        tables: record.tables ?? [],
        ...(version ? { version: version.n } : {}),
      }
    },
  )
}

export default sourcesRoutes
