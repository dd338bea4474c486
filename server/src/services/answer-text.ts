/**
 * The answer's text deltas for one question: from the change report for "what changed in the
 * amendment?" (passages of one version cannot say what another said); else retrieval, then Claude's
 * stream (once the evidence check finds a passage to answer from), or the extractive answer in one
 * piece (answered from the retrieved pages' tables first for a figure question). The question is
 * analysed once here, and retrieval, the answer and the citations' relevance all read that one analysis.
 */
import type { Source } from '@asks1/shared/contract/api'
import type { Table } from '@asks1/shared/contract/tables'
import type { LoadedFiling } from '@asks1/shared/filings-loader'
import { retrieve } from '@asks1/shared/retrieval'
import { analyzeQuery, type QueryAnalysis } from '@asks1/shared/retrieval/query'
import { changesAnswer, isChangeQuestion, noAmendmentAnswer } from '../answer/changes'
import { fuseHits, questionParts } from '../answer/compound'
import {
  BUDGET_SPENT_INTRO,
  compoundAnswer,
  type ExtractiveResult,
  extractiveAnswer,
  MODEL_NOT_ASKED_NOTE,
  NOT_CONFIGURED_NOTE,
  withIntro,
} from '../answer/extractive'
import { streamAnswer } from '../answer/llm'
import { buildSystemPrompt, buildUserPrompt, capHistory } from '../answer/prompt'
import { analyzeQuestion } from '../answer/question'
import type { AppDeps } from '../deps'
import { readLive, storeKey } from '../lookup'
import { admitModel } from './admission'
import { vocabularyOf } from './filing-vocabulary'
import type { Hits, Question } from './question'

export type AnswerTextDeps = Pick<
  AppDeps,
  | 'config'
  | 'registry'
  | 'store'
  | 'startup'
  | 'embedder'
  | 'retrievalFeatures'
  | 'anthropic'
  | 'changes'
  | 'budget'
  | 'gate'
>

async function* once(text: string): AsyncGenerator<string> {
  yield text
}

/** The tables printed on the retrieved chunks' pages. */
async function tablesOf(deps: AnswerTextDeps, key: string, hits: Hits): Promise<Table[]> {
  const labels = [...new Set(hits.flatMap((h) => h.chunk.pages))]
  const pages = await Promise.all(labels.map((l) => deps.store.getPage(key, l)))
  return pages.flatMap((p) => p?.tables ?? [])
}

/** The answer to a question about changes: the report of the latest version against the one before. */
async function changeReport(
  deps: AnswerTextDeps,
  filing: LoadedFiling,
  question: string,
): Promise<{ answer: string; sources: Source[] }> {
  const stored = (await deps.changes.versions(filing)).filter((v) => v.stored)
  const latest = stored.at(-1)
  const before = stored.at(-2)
  if (!latest || !before)
    return { answer: noAmendmentAnswer(filing.company, filing.form, filing.filed), sources: [] }
  const report = await deps.changes.report(filing, { from: before.n, to: latest.n })
  return changesAnswer(report, filing.company, question)
}

/**
 * The evidence-based selection both modes abstain by: the extractive answer (quotes, or the
 * abstention with what was searched and the closest passages), from the question's parts when it
 * asks two things, and from the retrieved pages' tables.
 */
async function quotesOf(deps: AnswerTextDeps, q: Question, note: string): Promise<ExtractiveResult> {
  const key = storeKey(q.filing)
  const vocabulary = await readLive(deps, q.filing, q.status, () =>
    vocabularyOf(deps.store, key, q.status.version),
  )
  if (q.parts) {
    const parts = await Promise.all(
      q.parts.map(async (p) => ({ q: p.analysis, hits: p.hits, tables: await tablesOf(deps, key, p.hits) })),
    )
    return compoundAnswer(parts, { note, vocabulary })
  }
  const tables = await tablesOf(deps, key, q.hits)
  return extractiveAnswer(q.analysis ?? q.body.question, q.hits, {
    company: q.filing.company,
    tables,
    note,
    vocabulary,
  })
}

/**
 * Claude's stream, or the extractive answer in one piece (kept on the question: its abstention gives
 * the question back). In llm mode the same selection runs first, and when it abstains Claude is not
 * asked: no budget, no model slot, no tokens, and the question is given back, as in extractive mode.
 * Claude's own "The filing does not say" is never read as an abstention, or any reply opening so
 * would be a free call. A follow-up with a history is not held back by the check (it cannot read
 * the history). Past the budget with BUDGET_FALLBACK=extractive, the excerpts are the answer.
 */
async function fromHits(deps: AnswerTextDeps, q: Question): Promise<AsyncIterator<string>> {
  const { anthropic, config } = deps
  const { attempt, filing, status, body, hits } = q
  if (!anthropic) {
    q.extractive = await quotesOf(deps, q, NOT_CONFIGURED_NOTE)
    return once(q.extractive.text)[Symbol.asyncIterator]()
  }
  const checked = await quotesOf(deps, q, MODEL_NOT_ASKED_NOTE)
  // A follow-up ("And in 2010?") leans on the turns before it, which the check reads nothing of:
  // with a history Claude is asked and the question counts, as it did before the check. That costs
  // no spend control: only a question Claude is not asked goes uncounted.
  const followUp = (body.history?.length ?? 0) > 0
  if (checked.abstention && !followUp) {
    q.extractive = checked
    return once(checked.text)[Symbol.asyncIterator]()
  }
  if (!(await admitModel(deps, q.request, attempt))) {
    // Past the budget with BUDGET_FALLBACK=extractive: the quotes, saying why no model wrote them.
    q.extractive = withIntro(checked, BUDGET_SPENT_INTRO)
    return once(q.extractive.text)[Symbol.asyncIterator]()
  }
  const source = streamAnswer(anthropic, {
    model: config.ANTHROPIC_MODEL,
    maxTokens: config.ANTHROPIC_MAX_TOKENS,
    system: buildSystemPrompt(filing, status),
    history: capHistory(body.history, config.HISTORY_MAX_TURNS, config.HISTORY_MAX_CHARS),
    user: buildUserPrompt(body.question, hits),
    signal: q.life.signal,
    onUsage: (u) => {
      attempt.usage = u
    },
  })
  return source[Symbol.asyncIterator]()
}

/** The answer's text deltas; fills in the question's analysis, hits, change report and extractive answer. */
export async function answerText(deps: AnswerTextDeps, q: Question): Promise<AsyncIterator<string>> {
  if (isChangeQuestion(q.body.question)) {
    q.changes = await changeReport(deps, q.filing, q.body.question)
    return once(q.changes.answer)[Symbol.asyncIterator]()
  }
  const query = analyzeQuery(q.body.question)
  q.analysis = analyzeQuestion(query, q.filing.company)
  const search = (part: QueryAnalysis) =>
    readLive(deps, q.filing, q.status, () =>
      retrieve(deps.store, deps.embedder, storeKey(q.filing), part, deps.config.RETRIEVAL_K, {
        features: deps.retrievalFeatures,
      }),
    )
  const parts = questionParts(query)
  if (parts.length < 2) q.hits = await search(query)
  else {
    // Each part retrieves for what it asks (the words of one part pulled passages that answer
    // neither: "grow" brought the bonus paragraphs to a revenue question), and answers from its own
    // passages fused with the whole question's, which hold what the parts share.
    const whole = await search(query)
    const partHits: Hits[] = []
    for (const p of parts) partHits.push(await search(p))
    q.parts = parts.map((p, i) => ({
      analysis: analyzeQuestion(p, q.filing.company),
      hits: fuseHits([whole, partHits[i] as Hits]),
    }))
    // What a model reads (and the sources list): K passages per part, so a compound question costs
    // a bounded prompt, best fused first.
    q.hits = fuseHits([...partHits, whole]).slice(0, deps.config.RETRIEVAL_K * parts.length)
  }
  return fromHits(deps, q)
}
