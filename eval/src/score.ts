/**
 * Runs question sets through retrieval and scores them. The retrieval call is passed in, so the
 * same loop scores keyword-only and hybrid search (and tests can drive it with a real store).
 */
import { performance } from 'node:perf_hooks'
import {
  type Coverage,
  firstGoldRank,
  latencySummary,
  pageRecallAtK,
  type RetrievalOutcome,
  type RetrievalSummary,
  summarizeRetrieval,
} from './metrics'
import type { EvalQuestion } from './questions'

/** Chunks retrieved per question: enough for recall@10 and MRR within the top 10. */
export const RETRIEVAL_DEPTH = 10

export type RetrieveFn = (filing: string, question: string, k: number) => Promise<Coverage[]>

export interface ScoredRetrieval {
  outcomes: RetrievalOutcome[]
  /** Milliseconds per retrieval call (questions that ran). */
  latencies: number[]
}

/**
 * Scores every question: a question whose filing is not in `available` is skipped (and counted).
 * Negatives are run too (their latency counts) but carry no gold.
 */
export async function scoreRetrieval(
  questions: readonly EvalQuestion[],
  available: ReadonlySet<string>,
  retrieveFn: RetrieveFn,
  opts: { onProgress?: (done: number, total: number) => void } = {},
): Promise<ScoredRetrieval> {
  const outcomes: RetrievalOutcome[] = []
  const latencies: number[] = []
  let done = 0
  for (const q of questions) {
    if (!available.has(q.filing)) {
      outcomes.push({ id: q.id, kind: q.kind, rank: null, pageRecall5: 0, pageRecall10: 0, skipped: true })
    } else {
      const t0 = performance.now()
      const ranked = await retrieveFn(q.filing, q.question, RETRIEVAL_DEPTH)
      latencies.push(performance.now() - t0)
      outcomes.push({
        id: q.id,
        kind: q.kind,
        rank: q.kind === 'negative' ? null : firstGoldRank(ranked, q.gold),
        pageRecall5: pageRecallAtK(ranked, q.gold, 5),
        pageRecall10: pageRecallAtK(ranked, q.gold, 10),
      })
    }
    opts.onProgress?.(++done, questions.length)
  }
  return { outcomes, latencies }
}

/** Figures for the whole run and for each question set. */
export function summarizeBySet(
  questions: readonly EvalQuestion[],
  outcomes: readonly RetrievalOutcome[],
): { all: RetrievalSummary; bySet: Record<string, RetrievalSummary> } {
  // outcomes[i] belongs to questions[i] (ids may repeat across sets)
  const sets = [...new Set(questions.map((q) => q.set))]
  const bySet: Record<string, RetrievalSummary> = {}
  if (sets.length > 1)
    for (const set of sets)
      bySet[set] = summarizeRetrieval(outcomes.filter((_, i) => questions[i]?.set === set))
  return { all: summarizeRetrieval(outcomes), bySet }
}

/** Groups a question belongs to for per-kind figures: its kind, plus `demo` for the registry's demo questions. */
export function groupsOf(q: EvalQuestion): string[] {
  return q.demo ? [q.kind, 'demo'] : [q.kind]
}

/** Retrieval figures per kind (`core`, `hard`, `demo`); negatives have no gold and are left out. */
export function summarizeByKind(
  questions: readonly EvalQuestion[],
  outcomes: readonly RetrievalOutcome[],
): Record<string, RetrievalSummary> {
  const out: Record<string, RetrievalSummary> = {}
  for (const group of ['core', 'hard', 'demo']) {
    const picked = outcomes.filter(
      (_, i) => questions[i] !== undefined && groupsOf(questions[i]).includes(group),
    )
    if (picked.length > 0) out[group] = summarizeRetrieval(picked)
  }
  return out
}

export { latencySummary }
