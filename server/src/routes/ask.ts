/**
 * POST /ask: the contract; the work is the answer service's (services/answer.ts).
 */
import { AskBodySchema, AskReplySchema, ErrorReplySchema } from '@asks1/shared/contract/api'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../errors'
import { answerFormat } from '../sse'

const askRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/ask',
    {
      schema: {
        tags: ['ask'],
        summary: 'Ask a question about one filing',
        description:
          'JSON by default. With `Accept: text/event-stream` (negotiated: q-values and wildcards count), server-sent events: `delta` ({text}) events, then one `done` event whose data is exactly the JSON reply, or one `error` event (ErrorReply).',
        body: AskBodySchema,
        headers: Type.Object({
          'x-session-id': Type.Optional(Type.String({ description: 'Session id for API clients' })),
        }),
        response: {
          200: AskReplySchema,
          400: ErrorReplySchema,
          402: ErrorReplySchema,
          404: ErrorReplySchema,
          406: ErrorReplySchema,
          429: ErrorReplySchema,
          500: ErrorReplySchema,
          502: ErrorReplySchema,
          503: ErrorReplySchema,
          504: ErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      if (answerFormat(request.headers.accept) === null)
        throw new AppError(
          406,
          'NOT_ACCEPTABLE',
          'POST /ask answers in application/json or text/event-stream; the Accept header allows neither.',
        )
      // Undefined when the answer is already streaming on `reply`.
      const answer = await app.answers.ask(request, reply, request.body)
      return answer ?? reply
    },
  )
}

export default askRoutes
