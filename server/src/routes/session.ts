/**
 * GET /session: the caller's question allowance (used, limit, left), so a client can show it before
 * the first question. Looking is free: no question is consumed, no count is created and no cookie is
 * set; a session the server has never seen has simply used nothing.
 */

import { ErrorReplySchema, SessionInfoSchema } from '@asks1/shared/contract/api'
import { ROUTES } from '@asks1/shared/contract/routes'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { callerTag, identify } from '../callers'

/** The longest a settled read waits: an answer still running past it is reported as it stands. */
const SETTLE_MAX_MS = 10_000

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ROUTES.session,
    {
      schema: {
        tags: ['session'],
        operationId: 'getSession',
        summary: "The caller's question allowance, without using a question",
        description:
          "With an API key: the key's quota today. Otherwise the signed session cookie's questions, with `left` also bounded by the address's daily allowance. No cookie (or an invalid one) reports a fresh session.",
        security: [{ apiKey: [] }, { sessionCookie: [] }, {}],
        querystring: Type.Object(
          {
            settled: Type.Optional(
              Type.Boolean({
                description:
                  "Wait until the caller's streamed answers in progress have finished (at most 10 s), so a question the client just stopped reads as given back or counted, as the server decided",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: SessionInfoSchema,
          400: ErrorReplySchema,
          401: ErrorReplySchema,
          429: ErrorReplySchema,
          500: ErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const caller = identify(request, app.keys, app.config.SESSION_COOKIE)
      const tag = callerTag(caller)
      if (request.query.settled && tag) await app.answers.inProgress.settled(tag, SETTLE_MAX_MS)
      // Per-visitor figures that change with every question: never cached by a browser or proxy.
      reply.header('cache-control', 'no-store')
      return app.allowances.view(caller)
    },
  )
}

export default sessionRoutes
