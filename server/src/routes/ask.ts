/**
 * POST /ask: the contract; the work is the answer service's (services/answer.ts).
 */
import { AskBodySchema, AskReplySchema, ErrorReplySchema } from '@asks1/shared/contract/api'
import { ROUTES } from '@asks1/shared/contract/routes'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../errors'
import { answerFormat } from '../sse'

const ASK_DESCRIPTION = [
  'JSON by default. With `Accept: text/event-stream` (negotiated: q-values and wildcards count; 406 NOT_ACCEPTABLE when neither is allowed), server-sent events: `delta` ({text}) events, then one `done` event whose data is exactly the JSON reply, or one `error` event (ErrorReply).',
  "Who pays: with `Authorization: Bearer <key>` the key's daily quota (429 KEY_QUOTA); otherwise the signed `asks1_session` cookie (set on the first question; 429 SESSION_LIMIT after its questions) inside the address's daily allowance (429 IP_DAILY_LIMIT). `X-Session-Id` is refused (400 SESSION_HEADER_UNSUPPORTED).",
  "Server-wide: 503 BUDGET_EXHAUSTED when the day's answers or spend are used (Retry-After: the reset at midnight UTC); 503 BUSY when all model slots and the queue are taken (Retry-After). Refusals carry `allowance` {scope, used, limit, left, resetsAt}.",
  'A question counts once the model has produced the answer, even if the client leaves before `done`; it is given back when the model fails or is stopped before it finishes.',
].join('\n\n')

const askRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    ROUTES.ask,
    {
      schema: {
        tags: ['ask'],
        operationId: 'ask',
        summary: 'Ask a question about one filing',
        description: ASK_DESCRIPTION,
        security: [{ apiKey: [] }, { sessionCookie: [] }, {}],
        body: AskBodySchema,
        response: {
          200: {
            description: 'The answer with checked citations (JSON), or its server-sent events',
            content: {
              'application/json': { schema: AskReplySchema },
              'text/event-stream': {
                schema: Type.String({
                  description:
                    'Events: `delta` (data {text}) repeated, then one `done` (data: the JSON reply) or one `error` (data: ErrorReply)',
                }),
              },
            },
          },
          400: ErrorReplySchema,
          401: ErrorReplySchema,
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
