/**
 * Answering one question: who asks (key or visitor), take a slot of their allowance, retrieve from
 * the filing's own collection, check the evidence, and only when a passage answers and Claude is
 * configured take a slot of the daily budget and wait for a model slot; answer (Claude, or
 * extractive excerpts without an API key or past the budget with BUDGET_FALLBACK=extractive), keep
 * only the cited sources and check every citation; JSON, or server-sent events (`delta` {text}…,
 * then one `done` carrying exactly the JSON reply, or one `error`). The stream opens only once the
 * first text exists, so a failure before any text (billing, overload, busy) still gets a real HTTP
 * status. What counts and what is given back is the Attempt's business (attempt.ts): an abstention
 * (no passage answers, decided by the same check in both modes, before Claude is asked) is given
 * back, and a question with no letter or digit is a 400 that takes nothing. The steps have modules
 * of their own: answer-text.ts (retrieval, the evidence check and the answer's text), admission.ts
 * (budget and model slot), lifetime.ts (client gone, deadline).
 */
import { type AskBody, type AskReply, hasQuestionText, type SessionInfo } from '@asks1/shared/contract/api'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { checkCitations, citedSources } from '../answer/finish'
import { withRelevance } from '../answer/relevance'
import { callerTag, ensureSession, identify } from '../callers'
import type { AppDeps } from '../deps'
import { AppError, upstreamError } from '../errors'
import { findFiling, liveStatus, storeKey } from '../lookup'
import { openEventStream, wantsEventStream } from '../sse'
import { type AnswerTextDeps, answerText } from './answer-text'
import { Attempt } from './attempt'
import { InProgress } from './in-progress'
import { watchReply } from './lifetime'
import type { Question } from './question'

/** What answering needs: what the answer's text needs, and who asks and what they may spend. */
type Deps = AnswerTextDeps & Pick<AppDeps, 'keys' | 'allowances'>

export class AnswerService {
  /** Answers being written, awaited on close so a shutdown lets them finish. */
  readonly inflight = new Set<Promise<unknown>>()
  /** Streamed answers per caller until they settle (counted or given back): GET /session?settled=true. */
  readonly inProgress = new InProgress()

  constructor(private readonly deps: Deps) {}

  /** POST /ask: the JSON reply, or undefined when the reply is already streaming as events. */
  async ask(request: FastifyRequest, reply: FastifyReply, body: AskBody): Promise<AskReply | undefined> {
    const deps = this.deps
    if (!hasQuestionText(body.question))
      throw new AppError(
        400,
        'VALIDATION',
        'The question has no letters or digits. Type a question about the filing; nothing was counted.',
      )
    const filing = findFiling(deps, body.filing)
    const status = await liveStatus(deps, filing)
    const caller = identify(request, deps.keys, deps.config.SESSION_COOKIE)
    if (caller.kind === 'visitor') ensureSession(caller, reply, deps.config.SESSION_COOKIE)
    const { ticket, info } = await deps.allowances.reserve(caller)
    const life = watchReply(reply, deps.config.ANSWER_TIMEOUT_MS, this.inflight)
    const attempt = new Attempt(deps, request.log, ticket, info)
    const q: Question = {
      request,
      reply,
      body,
      filing,
      status,
      life,
      attempt,
      analysis: null,
      hits: [],
      parts: null,
      changes: null,
      started: performance.now(),
      extractive: null,
    }

    let deltas: AsyncIterator<string>
    let first: IteratorResult<string>
    try {
      deltas = await answerText(deps, q)
      first = await deltas.next()
      if (!wantsEventStream(request.headers.accept)) {
        let answer = first.done ? '' : first.value
        for (let d = await deltas.next(); !d.done; d = await deltas.next()) answer += d.value
        return await this.complete(q, answer)
      }
    } catch (err) {
      throw await this.failed(q, err)
    }
    const streaming = this.stream(q, deltas, first)
    const tag = callerTag(caller)
    if (tag) this.inProgress.track(tag, streaming)
    return undefined
  }

  /**
   * Streaming: headers go out now; later failures travel as an `error` event. Resolves once the
   * answer has been counted or given back.
   */
  private stream(q: Question, deltas: AsyncIterator<string>, first: IteratorResult<string>): Promise<void> {
    const events = openEventStream(q.reply)
    const pump = async () => {
      let answer = ''
      try {
        for (let d = first; !d.done; d = await deltas.next()) {
          answer += d.value
          events.send('delta', { text: d.value })
        }
        events.send('done', await this.complete(q, answer))
      } catch (err) {
        const e = await this.failed(q, err)
        if (!q.life.clientGone.signal.aborted) events.send('error', e.toReply())
      } finally {
        events.end()
      }
    }
    return pump()
  }

  /**
   * The answer is written: it counts (an abstention is given back); citations checked and given
   * their relevance, sources kept to the cited ones, logged.
   */
  private async complete(q: Question, answer: string): Promise<AskReply> {
    const abstention = q.extractive?.abstention ?? null
    let session = q.attempt.info
    if (abstention) session = await q.attempt.abstained()
    else await q.attempt.answered()
    const checked = await checkCitations(this.deps.store, storeKey(q.filing), answer)
    // A change answer is read out of the report, never written by a model: it says so, and its
    // citations have no retrieved passages to measure relevance against.
    const citations = q.changes
      ? checked
      : withRelevance(q.analysis ?? q.body.question, answer, q.hits, checked, q.filing.company, q.parts)
    const sources = q.changes ? q.changes.sources : citedSources(answer, q.hits)
    // Claude wrote it, or (llm mode) the evidence check found nothing to ask Claude about; else
    // excerpts: no API key, or past the budget with BUDGET_FALLBACK=extractive.
    const mode =
      !q.changes && (q.attempt.admission || (abstention && this.deps.anthropic)) ? 'llm' : 'extractive'
    q.request.log.info(
      {
        filing: q.filing.id,
        mode,
        chunks: q.hits.length,
        cited: citations.length,
        unverified: citations.filter((c) => !c.verified).map((c) => c.page),
        ...(abstention ? { abstained: abstention.reason } : {}),
        ms: Math.round(performance.now() - q.started),
        ...(q.attempt.usage ? { usage: q.attempt.usage } : {}),
      },
      'answered',
    )
    return {
      filing: q.filing.id,
      answer,
      mode,
      citations,
      sources,
      session,
      fallbackPages: q.status.fallback,
      ...(abstention ? { abstention } : {}),
    }
  }

  /** A failure: the question is given back (unless produced), and the client sees plain words only. */
  private async failed(q: Question, err: unknown): Promise<AppError> {
    let left: SessionInfo
    try {
      left = await q.attempt.failed()
    } catch (giveBackErr) {
      // The state is unreachable (STATE=redis down): the question stays counted, never a free one,
      // and the client still gets the answer's own failure rather than a crash mid-stream.
      q.request.log.warn({ err: giveBackErr }, 'could not give the question back')
      left = q.attempt.info
    }
    const mapped =
      q.life.deadline.aborted && !q.life.clientGone.signal.aborted
        ? new AppError(
            504,
            'TIMEOUT',
            'The answer took too long. Your question was not counted against your session. Please try again.',
            { cause: err, retryAfter: 10 },
          )
        : upstreamError(err)
    const level = mapped.statusCode === 499 ? 'info' : 'warn'
    q.request.log[level]({ err, code: mapped.code, filing: q.filing.id }, 'answer failed')
    return new AppError(mapped.statusCode, mapped.code, mapped.message, { ...mapped.extra, session: left })
  }
}
