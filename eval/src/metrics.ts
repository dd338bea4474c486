/**
 * The evaluation's metrics as pure functions: no I/O, so every figure in a report can be recomputed
 * and tested on hand-made inputs. One catalogue, a little long: every figure of a report is defined
 * here, next to the others it is read beside.
 */
import type { FigureStatus } from '@asks1/shared/contract/api'
import { figureEquals, parseFigure, parseFigures } from '@asks1/shared/contract/figures'
import { priceFor } from '@asks1/shared/model-prices'
import type { EvalQuestion } from './questions'

// ---------------------------------------------------------------------------------------------
// Text matching (the questions README's rules)

/**
 * Normalises text for fact matching: Unicode compatibility forms, curly quotes and dashes to ASCII,
 * every run of whitespace (NBSP included) to one space, lower case. Table cells therefore read as
 * `$ 3,711`, which is why gold facts avoid the `$ ` of table cells.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

const ALNUM = /[\p{L}\p{N}]/u

/**
 * Whether `fact` occurs in `text`, case-insensitively and not glued to a neighbouring letter or
 * digit: `3,200` does not match inside `1,193,200,798`, `12.0` not inside `112.05`.
 */
export function containsFact(text: string, fact: string): boolean {
  const hay = normalizeText(text)
  const needle = normalizeText(fact)
  if (needle === '') return false
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
    const before = at > 0 ? hay[at - 1] : undefined
    const after = hay[at + needle.length]
    if ((before === undefined || !ALNUM.test(before)) && (after === undefined || !ALNUM.test(after)))
      return true
  }
  return false
}

/** Table units a bare gold figure may be printed in (the questions README: tables in thousands or millions). */
const TABLE_SCALES = [1, 1e3, 1e6]

/**
 * Whether a gold fact is in an answer: literally (`containsFact`), or, for a figure, as a figure of
 * the answer that equals it after units and rounding (the shared figures module): "$2.5 billion"
 * states the gold "$2,500 million", "$3.7 billion" the gold "3,711" of a table in millions.
 */
export function factFound(text: string, fact: string): boolean {
  if (containsFact(text, fact)) return true
  const gold = parseFigure(fact.trim())
  if (!gold || gold.label) return false
  const golds = gold.scaled || gold.kind === 'percent' ? [gold] : TABLE_SCALES.map((k) => scaled(gold, k))
  return parseFigures(text).some(
    (f) => !f.label && golds.some((g) => figureEquals(g, f) && (g === gold || f.scaled)),
  )
}

/**
 * The first passage an answer quotes: an extractive answer's first top-level bullet (`- “…” [p.N]`)
 * with the lines indented under it (a table's rows), otherwise the first paragraph (llm prose).
 * What a reader sees first, so whether it holds the facts is scored apart (the core battery).
 */
export function firstQuote(answer: string): string {
  const lines = answer.split('\n')
  const start = lines.findIndex((l) => l.startsWith('- '))
  if (start === -1) return (answer.split('\n\n').find((p) => p.trim() !== '') ?? '').trim()
  const end = lines.findIndex((l, i) => i > start && !/^\s+\S/.test(l))
  return lines.slice(start, end === -1 ? undefined : end).join('\n')
}

const scaled = (f: NonNullable<ReturnType<typeof parseFigure>>, k: number) =>
  k === 1 ? f : { ...f, scale: f.scale * k, value: f.value * k, tolerance: f.tolerance * k }

// ---------------------------------------------------------------------------------------------
// Retrieval

/** What a retrieved chunk covers: printed labels and 1-based physical PDF pages. */
export interface Coverage {
  pages: readonly string[]
  pdfPages: readonly number[]
}

export type Gold = EvalQuestion['gold']

/** Whether a chunk covers one of the gold pages (labels for S-1 sets, physical pages for FinanceBench). */
export function coversGold(chunk: Coverage, gold: Gold): boolean {
  if (gold.by === 'label') return chunk.pages.some((p) => (gold.pages as string[]).includes(p))
  return chunk.pdfPages.some((p) => (gold.pages as number[]).includes(p))
}

/** 1-based rank of the first retrieved chunk that covers a gold page, or null when none does. */
export function firstGoldRank(ranked: readonly Coverage[], gold: Gold): number | null {
  const i = ranked.findIndex((c) => coversGold(c, gold))
  return i === -1 ? null : i + 1
}

/** A question is a hit at k when one of the top k chunks covers one of its gold pages. */
export function hitAtK(rank: number | null, k: number): boolean {
  return rank !== null && rank <= k
}

/** Share of a question's gold pages covered by the top k chunks (finer than hit@k, reported beside it). */
export function pageRecallAtK(ranked: readonly Coverage[], gold: Gold, k: number): number {
  if (gold.pages.length === 0) return 0
  const top = ranked.slice(0, k)
  const covered = (gold.pages as (string | number)[]).filter((g) =>
    top.some((c) => (gold.by === 'label' ? c.pages.includes(g as string) : c.pdfPages.includes(g as number))),
  )
  return covered.length / gold.pages.length
}

export function reciprocalRank(rank: number | null): number {
  return rank === null ? 0 : 1 / rank
}

/** One scored retrieval: the gold rank within the retrieved depth, or skipped (filing not available). */
export interface RetrievalOutcome {
  id: string
  kind: EvalQuestion['kind']
  /** null: no retrieved chunk covers a gold page. */
  rank: number | null
  pageRecall5: number
  pageRecall10: number
  skipped?: boolean
}

/** Rates are null when no question was scored (n = 0): nothing measured is not a score of 0. */
export interface RetrievalSummary {
  /** Questions scored: not negative, not skipped. */
  n: number
  'recall@5': number | null
  'recall@10': number | null
  mrr: number | null
  /** Questions that could not be run (their filing or PDF is missing). */
  skipped: number
  'page_recall@5': number | null
  'page_recall@10': number | null
}

const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length)

/** recall@k is the hit rate at k as the acceptance defines it; negatives are excluded (no gold page). */
export function summarizeRetrieval(outcomes: readonly RetrievalOutcome[]): RetrievalSummary {
  const scored = outcomes.filter((o) => !o.skipped && o.kind !== 'negative')
  const rate = (f: (o: RetrievalOutcome) => number) =>
    scored.length === 0 ? null : round(mean(scored.map(f)))
  return {
    n: scored.length,
    'recall@5': rate((o) => (hitAtK(o.rank, 5) ? 1 : 0)),
    'recall@10': rate((o) => (hitAtK(o.rank, 10) ? 1 : 0)),
    mrr: rate((o) => reciprocalRank(o.rank)),
    skipped: outcomes.filter((o) => o.skipped).length,
    'page_recall@5': rate((o) => o.pageRecall5),
    'page_recall@10': rate((o) => o.pageRecall10),
  }
}

// ---------------------------------------------------------------------------------------------
// Answers

/** What the answer metrics need from a `/ask` reply. */
export interface AnswerCitation {
  page: string
  verified: boolean
  /** The status of each figure the server checked beside the citation (`checks[].status`). */
  figures?: readonly FigureStatus[]
}

export interface AnswerOutcome {
  id: string
  kind: EvalQuestion['kind']
  goldPages: readonly string[]
  facts: readonly string[]
  answer: string
  citations: readonly AnswerCitation[]
  latencyMs: number
  /** Set when the request failed (non-200); such questions are counted apart and score zero. */
  error?: string
  /** The server marked the reply as an abstention (extractive mode's `abstention`). */
  abstained?: boolean
  usage?: TokenUsage
  /** llm mode: from opening the Messages API stream to its first text, and to its end. */
  llm?: { firstTextMs: number | null; totalMs: number }
}

/**
 * Share of citations whose page is a gold page, pooled over all citations of non-negative answers
 * (citations on negatives are scored by refusal accuracy instead). null when nothing was cited.
 */
export function citationPagePrecision(outcomes: readonly AnswerOutcome[]): number | null {
  let cited = 0
  let gold = 0
  for (const o of outcomes) {
    if (o.kind === 'negative') continue
    for (const c of o.citations) {
      cited++
      if (o.goldPages.includes(c.page)) gold++
    }
  }
  return cited === 0 ? null : gold / cited
}

/** Share of answers (non-negative) citing at least one gold page: the README's recall@any. */
export function citationRecallAny(outcomes: readonly AnswerOutcome[]): number | null {
  const scored = outcomes.filter((o) => o.kind !== 'negative')
  if (scored.length === 0) return null
  return mean(scored.map((o) => (o.citations.some((c) => o.goldPages.includes(c.page)) ? 1 : 0)))
}

/** Share of all citations the server verified (page exists and holds the figures quoted beside it). */
export function citationsVerified(outcomes: readonly AnswerOutcome[]): number | null {
  const all = outcomes.flatMap((o) => o.citations)
  return all.length === 0 ? null : all.filter((c) => c.verified).length / all.length
}

/** Figures the server checked, by status (`other_line_item`: printed only as another row's cell). */
export interface FigureChecks {
  figures: number
  printed: number
  computed: number
  other_line_item: number
  not_found: number
}

/**
 * The server's figure checks, pooled over all citations: printed on the cited page, computed from
 * printed figures, not found. Absent when no reply carried checks.
 */
export function figureChecks(outcomes: readonly AnswerOutcome[]): FigureChecks | undefined {
  const all = outcomes.flatMap((o) => o.citations.flatMap((c) => c.figures ?? []))
  if (!outcomes.some((o) => o.citations.some((c) => c.figures !== undefined))) return undefined
  const count = (s: FigureStatus) => all.filter((x) => x === s).length
  return {
    figures: all.length,
    printed: count('printed'),
    computed: count('computed'),
    other_line_item: count('other-line-item'),
    not_found: count('not-found'),
  }
}

/** Gold facts present in the answer, pooled over all facts of non-negative questions. */
export function factsRecall(outcomes: readonly AnswerOutcome[]): number | null {
  let total = 0
  let found = 0
  for (const o of outcomes) {
    if (o.kind === 'negative') continue
    for (const f of o.facts) {
      total++
      if (factFound(o.answer, f)) found++
    }
  }
  return total === 0 ? null : found / total
}

// Wordings that say the filing does not hold the answer. Kept broad on purpose: a refusal is also
// required to cite no page, which is what keeps this from rewarding hedged answers.
const REFUSAL_RE =
  /\b(?:(?:does|do|did|may|might)\s+not|doesn['’]t|don['’]t|didn['’]t|is\s+not|isn['’]t|are\s+not|aren['’]t|was\s+not|were\s+not|cannot|can['’]t|could\s+not|couldn['’]t|unable\s+to)\s+(?:\w+\s+){0,3}?(?:contain|include|state|disclose|provide|mention|say|specify|report|give|find|found|answer|available|list|cover|appear)|\bnot\s+(?:in|found\s+in|stated\s+in|disclosed\s+in|covered\s+by|available\s+in)\s+(?:this|the)\s+(?:filing|prospectus|document|excerpts?|registration\s+statement)|\bno\s+(?:information|mention|data|disclosure|figure|relevant)\b|\bleft\s+blank\b|\bnot\s+(?:yet\s+)?(?:been\s+)?(?:determined|disclosed|specified)\b/i

/** Whether an answer says the filing does not contain the information. */
export function saysNotInFiling(answer: string): boolean {
  return REFUSAL_RE.test(answer)
}

/**
 * Whether a reply refuses: it cites no page (the questions README: any page citation is a false
 * positive) and the server marked it an abstention or its words say the filing does not contain
 * the information (llm mode has no marker).
 */
export function refuses(o: Pick<AnswerOutcome, 'answer' | 'citations' | 'abstained'>): boolean {
  return o.citations.length === 0 && (o.abstained === true || saysNotInFiling(o.answer))
}

/** A negative control is handled correctly when the reply refuses and the request did not fail. */
export function isCorrectRefusal(
  o: Pick<AnswerOutcome, 'answer' | 'citations' | 'error' | 'abstained'>,
): boolean {
  return o.error === undefined && refuses(o)
}

/** Share of negative controls refused correctly; null when the set has none. */
export function refusalAccuracy(outcomes: readonly AnswerOutcome[]): number | null {
  const negatives = outcomes.filter((o) => o.kind === 'negative')
  if (negatives.length === 0) return null
  return negatives.filter(isCorrectRefusal).length / negatives.length
}

/** Share of answerable questions the system refused: the cost side of refusal accuracy. */
export function falseRefusalRate(outcomes: readonly AnswerOutcome[]): number | null {
  const answerable = outcomes.filter((o) => o.kind !== 'negative')
  if (answerable.length === 0) return null
  return answerable.filter((o) => o.error === undefined && refuses(o)).length / answerable.length
}

// ---------------------------------------------------------------------------------------------
// Latency, tokens, cost

/** Nearest-rank percentile (p in 0..100) of a sample; null for an empty sample. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1] as number
}

/** The middle of a non-empty sample; of an even one the upper middle (a measured run, not a mean). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
}

export function latencySummary(values: readonly number[]): { p50: number | null; p95: number | null } {
  const r = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100)
  return { p50: r(percentile(values, 50)), p95: r(percentile(values, 95)) }
}

export interface TokenUsage {
  input_tokens: number
  output_tokens: number
  cache_creation_input_tokens?: number
  cache_read_input_tokens?: number
}

/**
 * Estimated US$ cost of one answer. Cache writes are billed at 1.25x and cache reads at 0.1x the
 * input price. null when the model's price is unknown.
 */
export function estimateCostUsd(usage: TokenUsage, model: string): number | null {
  const price = priceFor(model)
  if (price === null) return null
  const input =
    usage.input_tokens +
    1.25 * (usage.cache_creation_input_tokens ?? 0) +
    0.1 * (usage.cache_read_input_tokens ?? 0)
  return (input * price.input + usage.output_tokens * price.output) / 1_000_000
}

export interface AnswerSummary {
  n: number
  citation_page_precision: number | null
  citations_verified: number | null
  /** Figures the server checked beside citations, by status (`checks[].status`). */
  figure_checks?: FigureChecks
  facts_recall: number | null
  /** Non-negative questions with at least one gold fact: the questions `facts_recall` pools over. */
  facts_questions?: number
  refusal_accuracy: number | null
  latency_ms: { p50: number | null; p95: number | null }
  /** Answers that cite at least one gold page (non-negative questions). */
  citation_recall_any: number | null
  false_refusal_rate: number | null
  errors: number
  tokens?: { input_per_answer: number; output_per_answer: number }
  cost_usd_per_answer?: number | null
  /** llm mode, per stage: the model's time to first text and its whole stream (the rest is retrieval and server). */
  llm_latency_ms?: {
    first_text: { p50: number | null; p95: number | null }
    stream: { p50: number | null; p95: number | null }
  }
  /** The same figures per group of question sets (tuning, check, financebench) and per set. */
  by_group?: Record<string, AnswerSummary>
  by_set?: Record<string, AnswerSummary>
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

const roundOrNull = (x: number | null): number | null => (x === null ? null : round(x))

/** The answer block of the report; `model` is set in llm mode to price the tokens. */
export function summarizeAnswers(outcomes: readonly AnswerOutcome[], model?: string): AnswerSummary {
  const summary: AnswerSummary = {
    n: outcomes.length,
    citation_page_precision: roundOrNull(citationPagePrecision(outcomes)),
    citations_verified: roundOrNull(citationsVerified(outcomes)),
    facts_recall: roundOrNull(factsRecall(outcomes)),
    facts_questions: outcomes.filter((o) => o.kind !== 'negative' && o.facts.length > 0).length,
    refusal_accuracy: roundOrNull(refusalAccuracy(outcomes)),
    latency_ms: latencySummary(outcomes.filter((o) => !o.error).map((o) => o.latencyMs)),
    citation_recall_any: roundOrNull(citationRecallAny(outcomes)),
    false_refusal_rate: roundOrNull(falseRefusalRate(outcomes)),
    errors: outcomes.filter((o) => o.error !== undefined).length,
  }
  const checks = figureChecks(outcomes)
  if (checks) summary.figure_checks = checks
  const withUsage = outcomes.filter((o) => o.usage !== undefined)
  if (withUsage.length > 0) {
    const usages = withUsage.map((o) => o.usage as TokenUsage)
    summary.tokens = {
      input_per_answer: Math.round(mean(usages.map((u) => u.input_tokens))),
      output_per_answer: Math.round(mean(usages.map((u) => u.output_tokens))),
    }
    const costs = model === undefined ? [] : usages.map((u) => estimateCostUsd(u, model))
    summary.cost_usd_per_answer =
      costs.length === 0 || costs.some((c) => c === null) ? null : round(mean(costs as number[]), 6)
  }
  const timed = outcomes.flatMap((o) => (o.llm ? [o.llm] : []))
  if (timed.length > 0)
    summary.llm_latency_ms = {
      first_text: latencySummary(timed.flatMap((t) => (t.firstTextMs === null ? [] : [t.firstTextMs]))),
      stream: latencySummary(timed.map((t) => t.totalMs)),
    }
  return summary
}
