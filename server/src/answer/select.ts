/**
 * From ranked units to an answer or an abstention, by evidence: quote the best one to three units
 * whose evidence clears the threshold (and, for a figure question, that hold a figure of the asked
 * kind for the asked period); when none does, abstain. Pure.
 *
 * The thresholds were calibrated on the tuning sets (facebook, pandora) and checked on the check
 * sets (camp4, twitter-10k) with `pnpm eval`; the figures are in docs/answers.md.
 */
import type { QuestionAnalysis } from './question'
import type { RankedUnit } from './rank'

export interface SelectParams {
  /** Least evidence (0..1) for a unit to be quoted as an answer. */
  minEvidence: number
  /** A second or third quote must score at least this share of the best one. */
  followRatio: number
  /** How many ranked units are considered. */
  depth: number
  max: number
}

export const SELECT_DEFAULTS: SelectParams = { minEvidence: 0.15, followRatio: 0.5, depth: 40, max: 3 }

/** Answer types whose answer is a figure: a unit without one does not answer. */
const FIGURE_TYPES = new Set(['amount', 'percentage', 'count', 'duration', 'date'])

/**
 * Whether the answer is a figure: the interrogative asks for one ("how much", "what percentage"), or
 * the question names a year and no other kind of answer ("What was the revenue in 2011?", "What were
 * total assets at the end of 2023?"): what a filing reports for a period is a figure.
 */
export const asksFigure = (q: QuestionAnalysis): boolean =>
  FIGURE_TYPES.has(q.answerType) || (q.answerType === 'other' && q.periods.some((p) => /^\d{4}$/.test(p)))

export type Selection =
  | { abstained: false; quotes: RankedUnit[] }
  | {
      abstained: true
      reason: 'no-passage' | 'no-name' | 'weak-match' | 'no-figure' | 'no-period'
      closest: RankedUnit[]
    }

export function selectQuotes(
  q: QuestionAnalysis,
  ranked: readonly RankedUnit[],
  params: SelectParams = SELECT_DEFAULTS,
): Selection {
  const pool = ranked.slice(0, params.depth)
  const closest = pool.filter((u) => u.matched.length > 0).slice(0, 3)
  if (closest.length === 0) return { abstained: true, reason: 'no-passage', closest }
  let ok = pool.filter((u) => u.evidence >= params.minEvidence)
  if (ok.length === 0) return { abstained: true, reason: 'weak-match', closest }
  // A name the question asks about (a person, a company, a product) must be in the passage quoted:
  // a passage about someone else answers nothing, however many other words it shares.
  ok = ok.filter((u) => u.namesHeld)
  if (ok.length === 0) return { abstained: true, reason: 'no-name', closest }
  // A figure question: a unit without any figure does not answer it; one with the asked kind of
  // figure (and period) is preferred by the ranker but not required (a share can answer "how much").
  if (asksFigure(q)) {
    ok = ok.filter((u) => u.hasFigure || u.typeHit)
    if (ok.length === 0) return { abstained: true, reason: 'no-figure', closest }
  }
  // A period asked about that no matching unit names: the filing does not cover it. A table row
  // names its period in the table's header, so a row stays.
  if (q.periods.some((p) => /^\d{4}$/.test(p))) {
    if (!ok.some((u) => u.periodHit || u.periodInPassage))
      return { abstained: true, reason: 'no-period', closest }
    ok = ok.filter((u) => u.periodHit || u.periodInPassage || u.kind === 'row')
  }
  const best = ok[0] as RankedUnit
  const quotes = [best, ...ok.slice(1).filter((u) => u.score >= params.followRatio * best.score)]
  return { abstained: false, quotes: quotes.slice(0, params.max) }
}
