/**
 * GET /session: the caller's question allowance (used, limit, left), so a client can show it before
 * the first question. Looking is free: no question is consumed, no session row is created and no
 * cookie is set; a session the server has never seen has simply used nothing.
 */
import { ErrorReplySchema, SessionInfoSchema } from '@asks1/shared/contract/api'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { requestSessionId } from '../sessions'

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: "The caller's question allowance, without using a question",
        description:
          'The session is the `asks1_session` cookie or the `X-Session-Id` header, as for POST /ask. A session with no question asked yet (or none at all) reports `used: 0`.',
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
      const id = requestSessionId(request, app.config.SESSION_COOKIE)
      // Per-visitor figures that change with every question: never cached by a browser or proxy.
      reply.header('cache-control', 'no-store')
      return id ? app.sessions.get(id) : app.sessions.fresh()
    },
  )
}

export default sessionRoutes
