/**
 * GET /filings: the registry (what the web app needs to render a filing: company, ticker, form,
 * date, EDGAR link, demo questions, chips, placeholder, default) plus each filing's ingest status,
 * and who writes the answers (`answerer`), so the app can name the model before the first question.
 */

import { ErrorReplySchema, type FilingInfo, FilingsReplySchema } from '@asks1/shared/contract/api'
import { ROUTES } from '@asks1/shared/contract/routes'
import type { FilingStatus } from '@asks1/shared/store'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { storeKey } from '../lookup'

export const ingestStatus = (s: FilingStatus): NonNullable<FilingInfo['status']> => ({
  version: s.version,
  chunks: s.chunks,
  pages: s.pages,
  ingestedAt: s.ingestedAt,
  embedded: s.embedded,
  fallbackPages: s.fallback,
})

const filingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ROUTES.filings,
    {
      schema: {
        operationId: 'listFilings',
        tags: ['filings'],
        summary: 'The filings this server answers about, their ingest status, and who writes the answers',
        response: { 200: FilingsReplySchema, 429: ErrorReplySchema, 500: ErrorReplySchema },
      },
    },
    async () => {
      const { registry, store } = app
      const statuses = new Map((await store.listFilings()).map((s) => [s.filing, s]))
      const filings: FilingInfo[] = registry.filings.map((f) => {
        const status = statuses.get(storeKey(f))
        return {
          id: f.id,
          company: f.company,
          ticker: f.ticker,
          form: f.form,
          filed: f.filed,
          edgarUrl: f.edgarUrl,
          questions: f.questions,
          chips: f.chips,
          ...(f.placeholder ? { placeholder: f.placeholder } : {}),
          default: f.id === registry.defaultFiling.id,
          status: status ? ingestStatus(status) : null,
        }
      })
      return { filings, default: registry.defaultFiling.id, answerer: app.answerer }
    },
  )
}

export default filingsRoutes
