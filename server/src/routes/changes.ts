/**
 * GET /filings/:id/changes?from=&to=: what changed between two versions of a filing (default: the
 * latest and the one before it), every change cited with the printed pages of both versions.
 */
import { ErrorReplySchema } from '@asks1/shared/contract/api'
import { ChangesParamsSchema, ChangesQuerySchema, ChangesReplySchema } from '@asks1/shared/contract/changes'
import { routePattern, SUB_ROUTES } from '@asks1/shared/contract/routes'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { findFiling } from '../lookup'

const changesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    routePattern(SUB_ROUTES.changes),
    {
      schema: {
        operationId: 'getFilingChanges',
        tags: ['filings'],
        summary: 'What changed between two versions of a filing (sections, rewritten passages, figures)',
        description:
          'Versions are numbered as GET /filings lists them (1 = the original filing). Sections are aligned by heading; each rewritten passage carries a word-level diff; figures that moved are named after the offering term they state. Every change cites the printed pages of both versions.',
        params: ChangesParamsSchema,
        querystring: ChangesQuerySchema,
        response: {
          200: ChangesReplySchema,
          400: ErrorReplySchema,
          404: ErrorReplySchema,
          409: ErrorReplySchema,
          503: ErrorReplySchema,
        },
      },
    },
    async (request) => {
      const filing = findFiling(app, request.params.id)
      return app.changes.report(filing, request.query)
    },
  )
}

export default changesRoutes
