/**
 * GET /session: the caller's question allowance (used, limit, left), so a client can show it before
 * the first question. Looking is free: no question is consumed, no session row is created and no
 * cookie is set; a session the server has never seen has simply used nothing.
 */
import { ErrorReplySchema, SessionInfoSchema } from '@asks1/shared/contract/api'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { requestSessionId } from '../sessions'

/** The longest a settled read waits: an answer still running past it is reported as it stands. */
const SETTLE_MAX_MS = 10_000

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: "The caller's question allowance, without using a question",
        description:
          'The session is the `asks1_session` cookie or the `X-Session-Id` header, as for POST /ask. A session with no question asked yet (or none at all) reports `used: 0`.',
        querystring: Type.Object(
          {
            settled: Type.Optional(
              Type.Boolean({
                description:
                  "Wait until the session's streamed answers in progress have finished (at most 10 s), so a question the client just stopped reads as given back or counted, as the server decided",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        headers: Type.Object({
          'x-session-id': Type.Optional(Type.String({ description: 'Session id for API clients' })),
        }),
        response: {
          200: SessionInfoSchema,
          400: ErrorReplySchema,
          429: ErrorReplySchema,
          500: ErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const { sessions, config } = app.deps
      const id = requestSessionId(request, config.SESSION_COOKIE)
      if (id && request.query.settled) await sessions.settled(id, SETTLE_MAX_MS)
      // Per-visitor figures that change with every question: never cached by a browser or proxy.
      reply.header('cache-control', 'no-store')
      return id ? sessions.get(id) : sessions.fresh()
    },
  )
}

export default sessionRoutes
