/**
 * Answering one question: who asks (key or visitor), take a slot of their allowance and of the daily
 * budget, wait for a model slot, retrieve from the filing's own collection, answer (Claude, or
 * extractive excerpts without an API key or past the budget with BUDGET_FALLBACK=extractive), keep
 * only the cited sources and check every citation; JSON, or server-sent events (`delta` {text}…,
 * then one `done` carrying exactly the JSON reply, or one `error`). The stream opens only once the
 * first text exists, so a failure before any text (billing, overload) still gets a real HTTP status.
 * What counts and what is given back is the Attempt's business (attempt.ts): an extractive
 * abstention (no passage answers) is given back, and a question with no letter or digit is a 400
 * that takes nothing.
 */
import { type AskBody, type AskReply, hasQuestionText, type SessionInfo } from '@asks1/shared/contract/api'
import type { Table } from '@asks1/shared/contract/tables'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import { retrieve } from '@asks1/shared/retrieval'
import type { FilingStatus } from '@asks1/shared/store'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type ExtractiveResult, extractiveAnswer } from '../answer/extractive'
import { checkCitations, citedSources } from '../answer/finish'
import { streamAnswer } from '../answer/llm'
import { buildSystemPrompt, buildUserPrompt, capHistory } from '../answer/prompt'
import { withRelevance } from '../answer/relevance'
import { callerTag, ensureSession, identify } from '../callers'
import type { AppDeps } from '../deps'
import { AppError, upstreamError } from '../errors'
import { findFiling, liveStatus, readLive, storeKey } from '../lookup'
import { openEventStream, wantsEventStream } from '../sse'
import type { Ticket } from './allowance'
import { Attempt } from './attempt'
import { InProgress } from './in-progress'

type Deps = Pick<
  AppDeps,
  | 'config'
  | 'registry'
  | 'store'
  | 'startup'
  | 'embedder'
  | 'anthropic'
  | 'keys'
  | 'allowances'
  | 'budget'
  | 'gate'
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

/** One question on its way through the service. */
interface Question {
  request: FastifyRequest
  reply: FastifyReply
  body: AskBody
  filing: LoadedFiling
  status: FilingStatus
  life: Lifetime
  attempt: Attempt
  hits: Hits
  started: number
  /** The extractive answer, when there is one: its abstention decides whether the question counts. */
  extractive: ExtractiveResult | null
}

const withSession = (err: unknown, session: Awaited<ReturnType<Deps['allowances']['release']>>) => {
  const e = upstreamError(err)
  return new AppError(e.statusCode, e.code, e.message, { ...e.extra, session })
}

export class AnswerService {
  /** Answers being written, awaited on close so a shutdown lets them finish. */
  readonly inflight = new Set<Promise<unknown>>()
  /** Streamed answers per caller until they settle (counted or given back): GET /session?settled=true. */
  readonly inProgress = new InProgress()

  constructor(private readonly deps: Deps) {}

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

  /**
   * After the caller's allowance: the budget and a model slot in llm mode (or the extractive
   * fallback past the budget). A refusal here gives the caller's question back first.
   */
  private async admit(request: FastifyRequest, ticket: Ticket, info: Attempt['info']): Promise<Attempt> {
    const { anthropic, budget, gate, allowances, config } = this.deps
    const attempt = (admission: Attempt['admission'], free: (() => void) | null) =>
      new Attempt(this.deps, request.log, ticket, info, admission, free)
    if (!anthropic || !budget) return attempt(null, null)
    const admission = await budget.admit()
    if (!admission.ok) {
      if (config.BUDGET_FALLBACK === 'extractive') {
        request.log.info({ code: admission.error.code }, 'daily budget spent: answering with excerpts')
        return attempt(null, null)
      }
      throw withSession(admission.error, await allowances.release(ticket))
    }
    try {
      return attempt(admission, await gate.acquire())
    } catch (err) {
      await budget.giveBack(admission)
      throw withSession(err, await allowances.release(ticket))
    }
  }

  /**
   * The answer's text deltas: Claude's stream, or the extractive answer in one piece (kept on the
   * question too), answered from the retrieved pages' tables first for a figure question.
   */
  private async source(q: Question): Promise<AsyncIterator<string>> {
    const { anthropic, config } = this.deps
    const { attempt, filing, status, body, hits } = q
    if (!anthropic || !attempt.admission) {
      const tables = await this.tablesOf(storeKey(filing), hits)
      q.extractive = extractiveAnswer(body.question, hits, { company: filing.company, tables })
      return once(q.extractive.text)[Symbol.asyncIterator]()
    }
    const signal = q.life.signal
    const source = streamAnswer(anthropic, {
      model: config.ANTHROPIC_MODEL,
      maxTokens: config.ANTHROPIC_MAX_TOKENS,
      system: buildSystemPrompt(filing, status),
      history: capHistory(body.history, config.HISTORY_MAX_TURNS, config.HISTORY_MAX_CHARS),
      user: buildUserPrompt(body.question, hits),
      signal,
      onUsage: (u) => {
        attempt.usage = u
      },
    })
    return source[Symbol.asyncIterator]()
  }

  /** The tables printed on the retrieved chunks' pages. */
  private async tablesOf(key: string, hits: Hits): Promise<Table[]> {
    const labels = [...new Set(hits.flatMap((h) => h.chunk.pages))]
    const pages = await Promise.all(labels.map((l) => this.deps.store.getPage(key, l)))
    return pages.flatMap((p) => p?.tables ?? [])
  }

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
    const life = this.watch(reply)
    const attempt = await this.admit(request, ticket, info)
    const q: Question = {
      request,
      reply,
      body,
      filing,
      status,
      life,
      attempt,
      hits: [],
      started: performance.now(),
      extractive: null,
    }

    let deltas: AsyncIterator<string>
    let first: IteratorResult<string>
    try {
      q.hits = await readLive(deps, filing, status, () =>
        retrieve(deps.store, deps.embedder, storeKey(filing), body.question, deps.config.RETRIEVAL_K),
      )
      deltas = await this.source(q)
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
    const citations = withRelevance(q.body.question, answer, q.hits, checked, q.filing.company)
    const sources = citedSources(answer, q.hits)
    const mode = q.attempt.admission ? 'llm' : 'extractive'
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
