/**
 * Answer quality through the real server: `buildApp` from `@asks1/server` in-process, one
 * `POST /ask` per question through `app.inject`, with allowances high enough for a whole
 * question set. Extractive mode offline; llm mode when ANTHROPIC_API_KEY is
 * set, with the tokens of every answer read from the Messages API stream itself.
 */
import { performance } from 'node:perf_hooks'
import { anthropicFromConfig, buildApp, loadServerConfig } from '@asks1/server'
import type { AskReply } from '@asks1/shared/contract/api'
import type { PageRecord } from '@asks1/shared/contract/chunk'
import { loadRegistry } from '@asks1/shared/filings-loader'
import { featuresOff } from '@asks1/shared/retrieval/features'
import { goldLabels } from './gold-pages'
import {
  type AnswerOutcome,
  factFound,
  firstQuote,
  isCorrectRefusal,
  refuses,
  summarizeAnswers,
  type TokenUsage,
} from './metrics'
import { groupOfSet } from './plan'
import type { EvalQuestion } from './questions'
import type { QuestionDetail } from './report'
import type { Log, RunContext } from './runner'
import { stderrLog } from './runner'
import { groupsOf } from './score'

export interface AnswerRun {
  mode: 'extractive' | 'llm'
  model?: string
  outcomes: AnswerOutcome[]
  summary: ReturnType<typeof summarizeAnswers>
  /** The same figures per kind: `core`, `hard`, `negative`, and `demo` (the registry's demo questions). */
  byKind: Record<string, ReturnType<typeof summarizeAnswers>>
  /** Per question set, and per group (tuning, check, financebench): the same figures side by side. */
  bySet: Record<string, ReturnType<typeof summarizeAnswers>>
  byGroup: Record<string, ReturnType<typeof summarizeAnswers>>
}

/**
 * Questions the answer metrics can score: those whose filing was ingested. Printed-label gold (S-1
 * sets) is scored as given, physical-page gold (FinanceBench) through the stored pages (gold-pages.ts).
 */
export function answerable(
  questions: readonly EvalQuestion[],
  available: ReadonlySet<string>,
): EvalQuestion[] {
  return questions.filter((q) => available.has(q.filing))
}

type AnthropicClient = NonNullable<ReturnType<typeof anthropicFromConfig>>

interface StreamRecord {
  usage: TokenUsage[]
  /** Per stream: ms from opening to the first text delta (null: none), and to the end. */
  timings: { firstTextMs: number | null; totalMs: number }[]
}

const toUsage = (u: {
  input_tokens: number
  output_tokens: number
  cache_creation_input_tokens?: number | null
  cache_read_input_tokens?: number | null
}): TokenUsage => ({
  input_tokens: u.input_tokens,
  output_tokens: u.output_tokens,
  cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
  cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
})

/**
 * Records the usage (and stream timings) of every Messages API call the server makes, streamed
 * (`messages.stream`) or not (`messages.create`). The evaluation asks one question at a time, so
 * what is recorded during a request belongs to that request.
 */
function recordUsage(client: AnthropicClient, sink: StreamRecord): AnthropicClient {
  const messages = client.messages
  const stream = messages.stream.bind(messages)
  messages.stream = ((...args: Parameters<typeof stream>) => {
    const t0 = performance.now()
    let firstTextMs: number | null = null
    const s = stream(...args)
    s.once('text', () => {
      firstTextMs = performance.now() - t0
    })
    s.on('end', () => sink.timings.push({ firstTextMs, totalMs: performance.now() - t0 }))
    s.on('finalMessage', (m) => sink.usage.push(toUsage(m.usage)))
    return s
  }) as typeof messages.stream
  const create = messages.create.bind(messages)
  messages.create = ((...args: Parameters<typeof create>) => {
    const p = create(...args)
    // A side branch: the caller's promise (and its errors) are untouched.
    p.then(
      (m) => {
        if (m && typeof m === 'object' && 'usage' in m)
          sink.usage.push(toUsage((m as unknown as { usage: Parameters<typeof toUsage>[0] }).usage))
      },
      () => {},
    )
    return p
  }) as typeof messages.create
  return client
}

const sumUsage = (us: TokenUsage[]): TokenUsage | undefined =>
  us.length === 0
    ? undefined
    : us.reduce((a, u) => ({
        input_tokens: a.input_tokens + u.input_tokens,
        output_tokens: a.output_tokens + u.output_tokens,
        cache_creation_input_tokens:
          (a.cache_creation_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
        cache_read_input_tokens: (a.cache_read_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0),
      }))

export async function evaluateAnswers(
  ctx: Pick<RunContext, 'store' | 'embedder' | 'available' | 'scratch' | 'config'>,
  questions: readonly EvalQuestion[],
  opts: { env?: Record<string, string | undefined>; log?: Log; details?: QuestionDetail[] } = {},
): Promise<AnswerRun> {
  const log = opts.log ?? stderrLog
  const env = opts.env ?? process.env
  const config = loadServerConfig({
    ...env,
    DATA_DIR: ctx.config.DATA_DIR,
    FILINGS_CONFIG: ctx.scratch.registryPath,
    STORE: 'sqlite',
    // Every question comes from one address; no allowance is what is being measured. The spend cap
    // (MAX_SPEND_USD_PER_DAY) stays as configured: it guards a real llm run's bill.
    SESSION_QUESTION_LIMIT: '1000000',
    ANON_QUESTIONS_PER_IP_PER_DAY: '1000000',
    MAX_QUESTIONS_PER_DAY: '1000000',
    RATE_LIMIT_MAX: '1000000',
  })
  const registry = loadRegistry(ctx.scratch.registryPath)
  const record: StreamRecord = { usage: [], timings: [] }
  const client = anthropicFromConfig(config)
  const anthropic = client ? recordUsage(client, record) : null
  const mode = anthropic ? 'llm' : 'extractive'
  const app = await buildApp({
    config,
    registry,
    store: ctx.store,
    embedder: ctx.embedder,
    // The switches `pnpm eval:retrieval` reads (features.ts), so a part turned on or off is measured
    // in the answers too, not only in retrieval.
    retrievalFeatures: featuresOff(env.RETRIEVAL_OFF, env.RETRIEVAL_ON),
    anthropic,
    logger: false,
  })
  const todo = answerable(questions, ctx.available)
  const outcomes: AnswerOutcome[] = []
  // Citations carry printed labels: PDF-page gold is turned into the labels of its stored pages.
  const storedPages = new Map<string, Promise<PageRecord[]>>()
  const goldPagesOf = async (q: EvalQuestion): Promise<string[]> => {
    if (q.gold.by === 'label') return goldLabels(q.gold, [])
    let pages = storedPages.get(q.filing)
    if (!pages) {
      pages = ctx.store.getPages(q.filing)
      storedPages.set(q.filing, pages)
    }
    return goldLabels(q.gold, await pages)
  }
  log(`answers (${mode}${anthropic ? `, ${config.ANTHROPIC_MODEL}` : ''}): ${todo.length} questions`)
  try {
    for (const q of todo) {
      record.usage.length = 0
      record.timings.length = 0
      const t0 = performance.now()
      const res = await app.inject({
        method: 'POST',
        url: '/ask',
        headers: { 'content-type': 'application/json' },
        payload: { filing: q.filing, question: q.question },
      })
      const latencyMs = performance.now() - t0
      const base = {
        id: q.id,
        kind: q.kind,
        goldPages: await goldPagesOf(q),
        facts: q.facts,
        latencyMs,
      }
      let outcome: AnswerOutcome
      if (res.statusCode === 200) {
        const reply = res.json() as AskReply
        outcome = {
          ...base,
          answer: reply.answer,
          citations: reply.citations.map((c) => ({
            page: c.page,
            verified: c.verified,
            figures: c.checks.map((k) => k.status ?? (k.found ? 'printed' : 'not-found')),
          })),
          ...(reply.abstention ? { abstained: true } : {}),
          ...(sumUsage(record.usage) ? { usage: sumUsage(record.usage) } : {}),
          ...(record.timings.length > 0
            ? {
                llm: {
                  firstTextMs: record.timings[0]?.firstTextMs ?? null,
                  totalMs: record.timings.reduce((a, t) => a + t.totalMs, 0),
                },
              }
            : {}),
        }
      } else {
        const message = (res.json() as { message?: string }).message ?? res.body.slice(0, 200)
        outcome = { ...base, answer: '', citations: [], error: `HTTP ${res.statusCode}: ${message}` }
        log(`  ${q.id}: HTTP ${res.statusCode} ${message}`)
      }
      outcomes.push(outcome)
      const detail = opts.details?.find((d) => d.id === q.id && d.filing === q.filing)
      if (detail)
        detail.answer = {
          text: outcome.answer.slice(0, 600),
          cited: outcome.citations.map((c) => c.page),
          gold_cited: outcome.citations.filter((c) => base.goldPages.includes(c.page)).length,
          unverified: outcome.citations.filter((c) => !c.verified).map((c) => c.page),
          facts_found: q.facts.filter((f) => factFound(outcome.answer, f)),
          first_quote_facts: q.facts.filter((f) => factFound(firstQuote(outcome.answer), f)),
          facts_missing: q.facts.filter((f) => !factFound(outcome.answer, f)),
          refused: q.kind === 'negative' ? isCorrectRefusal(outcome) : refuses(outcome),
          latency_ms: Math.round(latencyMs * 10) / 10,
          ...(outcome.error ? { error: outcome.error } : {}),
        }
    }
  } finally {
    await app.close()
  }
  const model = anthropic ? config.ANTHROPIC_MODEL : undefined
  const byKind: AnswerRun['byKind'] = {}
  for (const group of ['core', 'hard', 'negative', 'demo']) {
    const picked = outcomes.filter((_, i) => todo[i] !== undefined && groupsOf(todo[i]).includes(group))
    if (picked.length > 0) byKind[group] = summarizeAnswers(picked, model)
  }
  const bySet: AnswerRun['bySet'] = {}
  const byGroup: AnswerRun['byGroup'] = {}
  for (const set of [...new Set(todo.map((q) => q.set))])
    bySet[set] = summarizeAnswers(
      outcomes.filter((_, i) => todo[i]?.set === set),
      model,
    )
  for (const group of ['tuning', 'check', 'financebench'])
    if (todo.some((q) => groupOfSet(q.set) === group))
      byGroup[group] = summarizeAnswers(
        outcomes.filter(
          (_, i) => todo[i] !== undefined && groupOfSet((todo[i] as EvalQuestion).set) === group,
        ),
        model,
      )
  return {
    mode,
    ...(model ? { model } : {}),
    outcomes,
    summary: summarizeAnswers(outcomes, model),
    byKind,
    bySet,
    byGroup,
  }
}
