/**
 * POST /ask: retrieve from the filing's own collection, answer (Claude, or extractive excerpts
 * without an API key), then keep only the cited sources and check every citation.
 *
 * With `Accept: text/event-stream` the answer streams as server-sent events: `delta` {text}…, then
 * one `done` event carrying exactly the JSON reply, or one `error` event (ErrorReply). The stream
 * opens only once the first text exists, so a failure before any text (billing, overload) still
 * gets a real HTTP status and JSON body.
 *
 * A question takes one slot of the session's allowance up front and gives it back if it fails.
 */
import { PassThrough } from 'node:stream'
import {
  AskBodySchema,
  type AskReply,
  AskReplySchema,
  type ErrorReply,
  ErrorReplySchema,
  type SessionInfo,
} from '@asks1/shared/contract/api'
import { retrieve } from '@asks1/shared/retrieval'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { extractiveAnswer } from '../answer/extractive'
import { checkCitations, citedSources } from '../answer/finish'
import { streamAnswer } from '../answer/llm'
import { buildSystemPrompt, buildUserPrompt, capHistory } from '../answer/prompt'
import { answererOf } from '../answerer'
import { AppError, upstreamError } from '../errors'
import { findFiling, liveStatus, readLive, storeKey } from '../lookup'
import { newSessionId, requestSessionId, SESSION_TTL_MS } from '../sessions'

/** One server-sent event; JSON data on one line, so no framing escapes are needed. */
export const sseEvent = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

async function* once(text: string): AsyncGenerator<string> {
  yield text
}

const askRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.deps

  /** The caller's session: X-Session-Id (API clients), else the cookie, else a new cookie. */
  function sessionId(request: FastifyRequest, reply: FastifyReply): string {
    const given = requestSessionId(request, config.SESSION_COOKIE)
    if (given) return given
    const id = newSessionId()
    reply.setCookie(config.SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: SESSION_TTL_MS / 1000,
    })
    return id
  }

  app.post(
    '/ask',
    {
      schema: {
        tags: ['ask'],
        summary: 'Ask a question about one filing',
        description:
          'JSON by default. With `Accept: text/event-stream`, server-sent events: `delta` ({text}) events, then one `done` event whose data is exactly the JSON reply, or one `error` event (ErrorReply).',
        body: AskBodySchema,
        headers: Type.Object({
          'x-session-id': Type.Optional(Type.String({ description: 'Session id for API clients' })),
        }),
        response: {
          200: AskReplySchema,
          400: ErrorReplySchema,
          402: ErrorReplySchema,
          404: ErrorReplySchema,
          429: ErrorReplySchema,
          500: ErrorReplySchema,
          502: ErrorReplySchema,
          503: ErrorReplySchema,
          504: ErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const deps = app.deps
      const { question, history } = request.body
      const filing = findFiling(deps, request.body.filing)
      const status = await liveStatus(deps, filing)
      const sid = sessionId(request, reply)
      const reservation = deps.sessions.reserve(sid)
      if (!reservation.ok)
        throw new AppError(
          429,
          'SESSION_LIMIT',
          `You have asked all ${reservation.session.limit} questions this session allows. Thank you for trying AskS1!`,
          { session: reservation.session },
        )
      const session: SessionInfo = reservation.session
      const wantsSse = /\btext\/event-stream\b/.test(request.headers.accept ?? '')

      // Aborted when the client goes away, or when the answer's overall deadline passes.
      const clientGone = new AbortController()
      const deadline = AbortSignal.timeout(config.ANSWER_TIMEOUT_MS)
      const signal = AbortSignal.any([clientGone.signal, deadline])
      // In flight until the response is fully written (or the client is gone): a shutdown waits for
      // this before closing connections, so a finished answer's last bytes are never cut off.
      const sent = new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve)
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) clientGone.abort()
          resolve()
        })
      })
      deps.inflight.add(sent)
      void sent.then(() => deps.inflight.delete(sent))

      /** A failure: the question is given back, and the client sees plain words only. */
      const failed = (err: unknown): AppError => {
        const left = deps.sessions.release(sid)
        const mapped =
          deadline.aborted && !clientGone.signal.aborted
            ? new AppError(
                504,
                'TIMEOUT',
                'The answer took too long. Your question was not counted against your session. Please try again.',
                { cause: err, retryAfter: 10 },
              )
            : upstreamError(err)
        const level = mapped.statusCode === 499 ? 'info' : 'warn'
        request.log[level]({ err, code: mapped.code, filing: filing.id }, 'answer failed')
        return new AppError(mapped.statusCode, mapped.code, mapped.message, {
          ...mapped.extra,
          session: left,
        })
      }

      const started = performance.now()
      let hits: Awaited<ReturnType<typeof retrieve>> = []
      let usage: { inputTokens: number; outputTokens: number } | undefined
      const key = storeKey(filing)
      const { mode } = answererOf(deps)
      const complete = async (answer: string): Promise<AskReply> => {
        const [citations, sources] = await Promise.all([
          checkCitations(deps.store, key, answer),
          Promise.resolve(citedSources(answer, hits)),
        ])
        request.log.info(
          {
            filing: filing.id,
            mode,
            chunks: hits.length,
            cited: citations.length,
            unverified: citations.filter((c) => !c.verified).map((c) => c.page),
            ms: Math.round(performance.now() - started),
            ...(usage ? { usage } : {}),
          },
          'answered',
        )
        return {
          filing: filing.id,
          answer,
          mode,
          citations,
          sources,
          session,
          fallbackPages: status.fallback,
        }
      }

      let deltas: AsyncIterator<string>
      let first: IteratorResult<string>
      try {
        hits = await readLive(deps, filing, status, () =>
          retrieve(deps.store, deps.embedder, key, question, config.RETRIEVAL_K),
        )
        const source = deps.anthropic
          ? streamAnswer(deps.anthropic, {
              model: config.ANTHROPIC_MODEL,
              maxTokens: config.ANTHROPIC_MAX_TOKENS,
              system: buildSystemPrompt(filing, status),
              history: capHistory(history, config.HISTORY_MAX_TURNS, config.HISTORY_MAX_CHARS),
              user: buildUserPrompt(question, hits),
              signal,
              onUsage: (u) => {
                usage = u
              },
            })
          : once(extractiveAnswer(question, hits, { company: filing.company }))
        deltas = source[Symbol.asyncIterator]()
        first = await deltas.next()
        if (!wantsSse) {
          let answer = first.done ? '' : first.value
          for (let d = await deltas.next(); !d.done; d = await deltas.next()) answer += d.value
          return await complete(answer)
        }
      } catch (err) {
        throw failed(err)
      }

      // Streaming: headers go out now; later failures travel as an `error` event.
      const out = new PassThrough()
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out as never)
      const pump = async () => {
        let answer = ''
        try {
          for (let d = first; !d.done; d = await deltas.next()) {
            answer += d.value
            out.write(sseEvent('delta', { text: d.value }))
          }
          out.write(sseEvent('done', await complete(answer)))
        } catch (err) {
          const e = failed(err)
          const data: ErrorReply = e.toReply()
          if (!clientGone.signal.aborted) out.write(sseEvent('error', data))
        } finally {
          out.end()
        }
      }
      void pump()
      return reply
    },
  )
}

export default askRoutes
