/**
 * Answering one question: take a slot of the caller's allowance, retrieve from the filing's own
 * collection, answer (Claude, or extractive excerpts without an API key), keep only the cited sources
 * and check every citation; JSON, or server-sent events (`delta` {text}…, then one `done` carrying
 * exactly the JSON reply, or one `error`). The stream opens only once the first text exists, so a
 * failure before any text (billing, overload) still gets a real HTTP status and JSON body.
 *
 * A question gives its slot back when it fails; the client's disconnect aborts the model call.
 */
import type { AskBody, AskReply, SessionInfo } from '@asks1/shared/contract/api'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import { retrieve } from '@asks1/shared/retrieval'
import type { FilingStatus } from '@asks1/shared/store'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { extractiveAnswer } from '../answer/extractive'
import { checkCitations, citedSources } from '../answer/finish'
import { streamAnswer } from '../answer/llm'
import { buildSystemPrompt, buildUserPrompt, capHistory } from '../answer/prompt'
import type { AppDeps } from '../deps'
import { AppError, upstreamError } from '../errors'
import { findFiling, liveStatus, readLive, storeKey } from '../lookup'
import { newSessionId, requestSessionId, SESSION_TTL_S } from '../sessions'
import { openEventStream, wantsEventStream } from '../sse'

type Deps = Pick<
  AppDeps,
  'config' | 'registry' | 'store' | 'startup' | 'embedder' | 'sessions' | 'anthropic' | 'answerer'
>
type Hits = Awaited<ReturnType<typeof retrieve>>

async function* once(text: string): AsyncGenerator<string> {
  yield text
}

/** How one request ends: aborted when the client goes away or the answer's deadline passes. */
interface Lifetime {
  clientGone: AbortController
  deadline: AbortSignal
  signal: AbortSignal
}

export class AnswerService {
  /** Answers being written, awaited on close so a shutdown lets them finish. */
  readonly inflight = new Set<Promise<unknown>>()

  constructor(private readonly deps: Deps) {}

  /** The caller's session: X-Session-Id (API clients), else the cookie, else a new cookie. */
  private sessionId(request: FastifyRequest, reply: FastifyReply): string {
    const { config } = this.deps
    const given = requestSessionId(request, config.SESSION_COOKIE)
    if (given) return given
    const id = newSessionId()
    reply.setCookie(config.SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: SESSION_TTL_S,
    })
    return id
  }

  /** Ties the answer's lifetime to the response: in flight until fully written or the client is gone. */
  private watch(reply: FastifyReply): Lifetime {
    const clientGone = new AbortController()
    const deadline = AbortSignal.timeout(this.deps.config.ANSWER_TIMEOUT_MS)
    const sent = new Promise<void>((resolve) => {
      reply.raw.once('finish', resolve)
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) clientGone.abort()
        resolve()
      })
    })
    this.inflight.add(sent)
    void sent.then(() => this.inflight.delete(sent))
    return { clientGone, deadline, signal: AbortSignal.any([clientGone.signal, deadline]) }
  }

  /** The answer's text deltas: Claude's stream, or the extractive answer in one piece. */
  private source(
    filing: LoadedFiling,
    status: FilingStatus,
    body: AskBody,
    hits: Hits,
    signal: AbortSignal,
    onUsage: (u: { inputTokens: number; outputTokens: number }) => void,
  ): AsyncIterator<string> {
    const { anthropic, config } = this.deps
    const source = anthropic
      ? streamAnswer(anthropic, {
          model: config.ANTHROPIC_MODEL,
          maxTokens: config.ANTHROPIC_MAX_TOKENS,
          system: buildSystemPrompt(filing, status),
          history: capHistory(body.history, config.HISTORY_MAX_TURNS, config.HISTORY_MAX_CHARS),
          user: buildUserPrompt(body.question, hits),
          signal,
          onUsage,
        })
      : once(extractiveAnswer(body.question, hits, { company: filing.company }))
    return source[Symbol.asyncIterator]()
  }

  /** POST /ask: the JSON reply, or the reply already streaming as server-sent events. */
  async ask(request: FastifyRequest, reply: FastifyReply, body: AskBody): Promise<AskReply | undefined> {
    const deps = this.deps
    const filing = findFiling(deps, body.filing)
    const status = await liveStatus(deps, filing)
    const sid = this.sessionId(request, reply)
    const reservation = await deps.sessions.reserve(sid)
    if (!reservation.ok)
      throw new AppError(
        429,
        'SESSION_LIMIT',
        `You have asked all ${reservation.session.limit} questions this session allows. Thank you for trying AskS1!`,
        { session: reservation.session },
      )
    const session: SessionInfo = reservation.session
    const life = this.watch(reply)
    const log = request.log

    /** A failure: the question is given back, and the client sees plain words only. */
    const failed = async (err: unknown): Promise<AppError> => {
      const left = await deps.sessions.release(sid)
      const mapped =
        life.deadline.aborted && !life.clientGone.signal.aborted
          ? new AppError(
              504,
              'TIMEOUT',
              'The answer took too long. Your question was not counted against your session. Please try again.',
              { cause: err, retryAfter: 10 },
            )
          : upstreamError(err)
      const level = mapped.statusCode === 499 ? 'info' : 'warn'
      log[level]({ err, code: mapped.code, filing: filing.id }, 'answer failed')
      return new AppError(mapped.statusCode, mapped.code, mapped.message, { ...mapped.extra, session: left })
    }

    const started = performance.now()
    let hits: Hits = []
    let usage: { inputTokens: number; outputTokens: number } | undefined
    const key = storeKey(filing)
    const { mode } = deps.answerer
    const complete = async (answer: string): Promise<AskReply> => {
      const citations = await checkCitations(deps.store, key, answer)
      const sources = citedSources(answer, hits)
      log.info(
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
      return { filing: filing.id, answer, mode, citations, sources, session, fallbackPages: status.fallback }
    }

    let deltas: AsyncIterator<string>
    let first: IteratorResult<string>
    try {
      hits = await readLive(deps, filing, status, () =>
        retrieve(deps.store, deps.embedder, key, body.question, deps.config.RETRIEVAL_K),
      )
      deltas = this.source(filing, status, body, hits, life.signal, (u) => {
        usage = u
      })
      first = await deltas.next()
      if (!wantsEventStream(request.headers.accept)) {
        let answer = first.done ? '' : first.value
        for (let d = await deltas.next(); !d.done; d = await deltas.next()) answer += d.value
        return await complete(answer)
      }
    } catch (err) {
      throw await failed(err)
    }

    // Streaming: headers go out now; later failures travel as an `error` event.
    const events = openEventStream(reply)
    const pump = async () => {
      let answer = ''
      try {
        for (let d = first; !d.done; d = await deltas.next()) {
          answer += d.value
          events.send('delta', { text: d.value })
        }
        events.send('done', await complete(answer))
      } catch (err) {
        const e = await failed(err)
        if (!life.clientGone.signal.aborted) events.send('error', e.toReply())
      } finally {
        events.end()
      }
    }
    void pump()
    return undefined
  }
}
